// Shifts at the till: opened with a float, cash paid in and out, closed by counting the drawer; who
// works the till (cashiers and their PINs); the X and Z reports; and what every sale and void records.
export { currentCashierId, saleAttribution, voidAttribution, type ShiftPolicy } from './attribution.ts';
export { addCashier, cashiersView, dropCashier, PinAttempts, signOutCashier } from './cashiers.ts';
export { ShiftError, type ShiftErrorCode } from './errors.ts';
export { saleFigures, type SaleTotals } from './figures.ts';
export { shiftHandlers, type ShiftDeps } from './handlers.ts';
export { formatMinor, toMajor, toMinor, TypedAmount } from './money.ts';
export { expectedCash, orderCounts, xReport, type CashFlow } from './report.ts';
export {
  closeShift,
  currentReport,
  differenceWords,
  lastZReport,
  moveCash,
  openShift,
  openShiftRef,
  type CloseOptions,
  type Difference,
} from './shifts.ts';
