// Parking a sale and recalling it (F10 on the Sale screen).
export const parked = {
  title: 'Parked sales',
  button: 'Parked sales',
  legendPark: 'Park this sale, or recall one',
  legendList: 'Parked sales ({{count, number}})',
  parkThis: 'Park this sale ({{lines}}, {{total}})',
  parkHint: 'It waits here, also after a restart, until it is recalled.',
  lines_one: '{{count, number}} line',
  lines_other: '{{count, number}} lines',
  none: 'No sale is parked.',
  listLabel: 'Parked sales to recall',
  parkedAt: 'parked {{time}}',
  noCard: 'no card',
  recallHint: '↑ ↓ choose, Enter brings the sale back to the counter.',
  swapNote: 'The sale on the counter now is parked in its place.',
  back: 'Back to the sale',
  parked: 'Sale parked ({{lines}}, {{total}}). F10 recalls it.',
  recalled: 'Recalled the sale parked {{time}} ({{lines}}, {{total}}).',
  recalledSwapped:
    'Recalled the sale parked {{time}} ({{lines}}, {{total}}). The sale that was on the counter is parked ({{parkedLines}}, {{parkedTotal}}).',
} as const;
