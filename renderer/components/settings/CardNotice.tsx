// What a Settings card's last action said (card-result.ts), under its buttons: worded when shown, in
// its tone's colour, announced politely. `name`: its data-<name> hook, valued with the tone.
import { useTranslation } from 'react-i18next';
import type { CardResult } from './card-result.ts';

export function CardNotice({ result, name }: { result: CardResult | null; name: string }) {
  const { t } = useTranslation('settings');
  if (result === null) return null;
  return (
    <p className={`notice ${result.tone}`} role="status" {...{ [`data-${name}`]: result.tone }}>
      {result.text(t)}
    </p>
  );
}
