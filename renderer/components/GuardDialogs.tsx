// The guard dialogs: the confirmation a destructive action asks for, focused on
// the safe answer (Enter or Esc keeps), the stock rule's warning (Enter goes ahead, Esc keeps),
// and the manager PIN prompt a 'locked' refusal opens. Their
// keys (Esc leaves, Tab stays inside) are the keymap's; their actions are store/guard.ts's.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from './use-format.ts';
import {
  answerConfirm,
  cancelPin,
  submitPin,
  useGuard,
  type ConfirmAsk,
  type PinError,
  type PinPrompt,
} from '../store/guard.ts';
import { useDialogFocus } from './dialog.ts';
import { Modal } from './Modal.tsx';
import './guard.css';

export function GuardDialogs() {
  const { confirm, pin } = useGuard();
  if (pin !== null) return <PinDialog prompt={pin} />;
  if (confirm !== null) return <ConfirmDialog ask={confirm} />;
  return null;
}

function ConfirmDialog({ ask }: { ask: ConfirmAsk }) {
  const keep = useRef<HTMLButtonElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  const warning = ask.enterConfirms === true;
  // A destructive action starts on the safe answer; a warning on going ahead (Enter), Esc still keeps.
  useDialogFocus(warning ? confirm : keep);
  return (
    <Modal
      title={ask.title}
      titleId="confirm-title"
      className={warning ? 'guard-dialog warning' : 'guard-dialog'}
      testId={warning ? 'warning-dialog' : 'confirm-dialog'}
    >
      <p data-confirm-body>{ask.body}</p>
      <div className="dialog-actions">
        {warning && (
          <button
            ref={confirm}
            type="button"
            className="primary"
            onClick={() => answerConfirm(true)}
            data-action="confirm-go"
          >
            {ask.confirmLabel} <kbd>Enter</kbd>
          </button>
        )}
        <button
          ref={keep}
          type="button"
          className={warning ? undefined : 'primary'}
          onClick={() => answerConfirm(false)}
          data-action="confirm-keep"
        >
          {ask.keepLabel} <kbd>Esc</kbd>
        </button>
        {!warning && (
          <button
            type="button"
            className="destructive"
            onClick={() => answerConfirm(true)}
            data-action="confirm-destroy"
          >
            {ask.confirmLabel}
          </button>
        )}
      </div>
    </Modal>
  );
}

function PinDialog({ prompt }: { prompt: PinPrompt }) {
  const field = useRef<HTMLInputElement>(null);
  const [pin, setPin] = useState('');
  const { t } = useTranslation();
  useDialogFocus(field);
  return (
    <Modal title={t('managerPin')} titleId="pin-title" className="guard-dialog" testId="pin-dialog">
      <p>{prompt.reason}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const typed = pin;
          setPin('');
          void submitPin(typed).then(() => field.current?.focus());
        }}
      >
        <label className="field">
          <span>{t('pin')}</span>
          <input
            ref={field}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={12}
            value={pin}
            onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
            aria-invalid={prompt.error !== null}
            aria-describedby={prompt.error === null ? undefined : 'pin-error'}
            data-field="managerPin"
          />
        </label>
        {prompt.error !== null && (
          <p id="pin-error" className="notice error" role="alert" data-pin-error>
            <PinErrorText error={prompt.error} />
          </p>
        )}
        <div className="dialog-actions">
          <button
            type="submit"
            className="primary"
            disabled={prompt.busy || pin === '' || (prompt.retryAt !== null && prompt.retryAt > Date.now())}
            data-action="pin-submit"
          >
            {t('unlock')}
          </button>
          <button type="button" onClick={() => cancelPin()} data-action="pin-cancel">
            {t('cancel')} <kbd>Esc</kbd>
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Why the PIN did not open the lock: tries left, or when to try again (the lockout's end, shown to
 * the minute and rounded up, so the time said is never too early), or the core's message. */
function PinErrorText({ error }: { error: PinError }) {
  const { t } = useTranslation();
  const format = useFormat();
  switch (error.kind) {
    case 'wrong':
      return t('wrongPin', { count: error.triesLeft });
    case 'locked-out':
      return t('lockedOut', { time: format.time(Math.ceil(error.retryAt / 60_000) * 60_000) });
    case 'failed':
      return error.message;
  }
}
