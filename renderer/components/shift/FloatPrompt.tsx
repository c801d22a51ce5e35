// F9 on a sale with no shift open: the float prompt over the sale. One field, the cash counted into
// the drawer; Enter opens the shift and goes on to the payment, Esc goes back to the sale. Its keys
// are in the one keymap (actions/keymap.ts); its actions in store/shift.ts.
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { closeFloatPrompt, confirmFloat, setFloatText, useFloatPrompt } from '../../store/shift.ts';
import { useDialogFocus } from '../dialog.ts';
import { Modal } from '../Modal.tsx';

export function FloatPrompt() {
  const open = useFloatPrompt((s) => s.open);
  return open ? <Dialog /> : null;
}

function Dialog() {
  const { t } = useTranslation('shift');
  const { text, error, busy } = useFloatPrompt();
  const field = useRef<HTMLInputElement>(null);
  useDialogFocus(field);
  return (
    <Modal
      title={t('floatPromptTitle')}
      titleId="float-prompt-title"
      className="float-prompt"
      testId="float-prompt"
    >
      <p>{t('floatPromptHelp')}</p>
      <label className="field">
        <span>{t('floatField')}</span>
        <input
          ref={field}
          value={text}
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={error !== null}
          aria-describedby={error === null ? undefined : 'float-prompt-error'}
          onChange={(e) => setFloatText(e.target.value)}
          data-field="float-prompt"
        />
      </label>
      {error !== null && (
        <p className="notice error" id="float-prompt-error" role="alert" data-float-error>
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button
          type="button"
          className="primary"
          disabled={busy}
          onClick={() => void confirmFloat()}
          data-action="open-shift-and-pay"
        >
          {t('floatPromptOpen')} <kbd>Enter</kbd>
        </button>
        <button type="button" onClick={closeFloatPrompt} data-action="cancel-float">
          {t('floatPromptBack')} <kbd>Esc</kbd>
        </button>
      </div>
    </Modal>
  );
}
