// A line's own discount or price override (Ctrl+D on the selected line): one field, "10 %" takes ten
// percent off the line, "79,90" charges that unit price instead; Enter sets it (the manager PIN is
// asked for when one is set), Esc goes back to the sale untouched. Its keys are in the one keymap
// (actions/keymap.ts); its actions in store/line-adjust.ts.
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../use-format.ts';
import { closeLineAdjust, confirmLineAdjust, setAdjustText, useLineAdjust } from '../../store/line-adjust.ts';
import { useDialogFocus } from '../dialog.ts';
import { Modal } from '../Modal.tsx';

export function LineAdjust() {
  const open = useLineAdjust((s) => s.line !== null);
  return open ? <Dialog /> : null;
}

function Dialog() {
  const { t } = useTranslation('sale');
  const format = useFormat();
  const { line, text, error } = useLineAdjust();
  const field = useRef<HTMLInputElement>(null);
  useDialogFocus(field);
  if (line === null) return null;
  return (
    <Modal
      title={t('adjustTitle', { name: line.name })}
      titleId="line-adjust-title"
      className="price-entry"
      testId="line-adjust"
    >
      <p>{t('adjustPrice', { price: format.price(line.unitPrice) })}</p>
      <p className="muted">{t('adjustHelp')}</p>
      <label className="field">
        <span>{t('adjustField')}</span>
        <input
          ref={field}
          value={text}
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={error !== null}
          aria-describedby={error === null ? undefined : 'line-adjust-error'}
          onChange={(e) => setAdjustText(e.target.value)}
          data-field="adjustment"
        />
      </label>
      {error !== null && (
        <p className="notice error" id="line-adjust-error" role="alert" data-adjust-error>
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button
          type="button"
          className="primary"
          onClick={() => void confirmLineAdjust()}
          data-action="set-adjust"
        >
          {t('adjustSetButton')} <kbd>Enter</kbd>
        </button>
        {line.adjustment !== undefined && (
          <button type="button" onClick={() => void confirmLineAdjust(true)} data-action="remove-adjust">
            {t('adjustRemoveButton')}
          </button>
        )}
        <button type="button" onClick={closeLineAdjust} data-action="cancel-adjust">
          {t('priceEntryBack')} <kbd>Esc</kbd>
        </button>
      </div>
    </Modal>
  );
}
