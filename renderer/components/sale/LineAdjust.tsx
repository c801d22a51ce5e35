// A line's own discount or price override (Ctrl+D on the selected line): one field, "10 %" takes ten
// percent off the line, "79,90" charges that unit price instead; Enter sets it (the manager PIN is
// asked for when one is set), Esc goes back to the sale untouched. Its keys are in the one keymap
// (actions/keymap.ts); its actions in store/line-adjust.ts.
import { useTranslation } from 'react-i18next';
import { useFormat } from '../use-format.ts';
import { closeLineAdjust, confirmLineAdjust, setAdjustText, useLineAdjust } from '../../store/line-adjust.ts';
import { AmountDialog } from '../AmountDialog.tsx';

export function LineAdjust() {
  const open = useLineAdjust((s) => s.line !== null);
  return open ? <Dialog /> : null;
}

function Dialog() {
  const { t } = useTranslation('sale');
  const format = useFormat();
  const { line, text, error } = useLineAdjust();
  if (line === null) return null;
  return (
    <AmountDialog
      id="line-adjust"
      title={t('adjustTitle', { name: line.name })}
      label={t('adjustField')}
      field="adjustment"
      text={text}
      onText={setAdjustText}
      error={error}
      errorMark="data-adjust-error"
      confirm={{ label: t('adjustSetButton'), onClick: () => void confirmLineAdjust(), action: 'set-adjust' }}
      extra={
        line.adjustment === undefined
          ? undefined
          : {
              label: t('adjustRemoveButton'),
              onClick: () => void confirmLineAdjust(true),
              action: 'remove-adjust',
            }
      }
      back={{ label: t('priceEntryBack'), onClick: closeLineAdjust, action: 'cancel-adjust' }}
    >
      <p>{t('adjustPrice', { price: format.unitPrice(line.unitPrice) })}</p>
      <p className="muted">{t('adjustHelp')}</p>
    </AmountDialog>
  );
}
