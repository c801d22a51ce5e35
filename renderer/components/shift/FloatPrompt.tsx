// F9 on a sale with no shift open: the float prompt over the sale. One field, the cash counted into
// the drawer; Enter opens the shift and goes on to the payment, Esc goes back to the sale. Its keys
// are in the one keymap (actions/keymap.ts); its actions in store/shift.ts.
import { useTranslation } from 'react-i18next';
import { closeFloatPrompt, confirmFloat, setFloatText, useFloatPrompt } from '../../store/shift.ts';
import { AmountDialog } from '../AmountDialog.tsx';

export function FloatPrompt() {
  const open = useFloatPrompt((s) => s.open);
  return open ? <Dialog /> : null;
}

function Dialog() {
  const { t } = useTranslation('shift');
  const { text, error, busy } = useFloatPrompt();
  return (
    <AmountDialog
      id="float-prompt"
      title={t('floatPromptTitle')}
      label={t('floatField')}
      field="float-prompt"
      text={text}
      onText={setFloatText}
      error={error}
      errorMark="data-float-error"
      confirm={{
        label: t('floatPromptOpen'),
        onClick: () => void confirmFloat(),
        action: 'open-shift-and-pay',
        disabled: busy,
      }}
      back={{ label: t('floatPromptBack'), onClick: closeFloatPrompt, action: 'cancel-float' }}
    >
      <p>{t('floatPromptHelp')}</p>
    </AmountDialog>
  );
}
