// The till's shift (F5): the open shift's X report beside what can be done with it (cash paid in or
// out with a reason, the close with the cash counted), or, with no shift open, the float to open one
// with; the last Z report on request, as it was at close with where its sales are now. F7 prints the
// report shown, on the receipt printer's paper.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PaperCopy } from '../components/receipt/Receipt.tsx';
import { ShiftReport } from '../components/shift/ShiftReport.tsx';
import { SignIn } from '../components/shift/SignIn.tsx';
import { StoreShifts } from '../components/shift/StoreShifts.tsx';
import { useApp } from '../store/app.ts';
import {
  closeShift,
  loadShift,
  moveCash,
  openShift,
  printShiftReport,
  showCurrent,
  showLastZ,
  shownReport,
  useShift,
} from '../store/shift.ts';
import { FormCard } from '../components/Form.tsx';
import { AmountField, TextField } from '../components/TextField.tsx';

export function Shift() {
  const { t } = useTranslation('shift');
  const shift = useShift();
  const paper = useApp((s) => s.settings?.receiptPaper ?? '80mm');
  useEffect(() => void loadShift(), []);
  const report = shownReport();
  const open = shift.state?.open ?? null;
  // The store's tills instead of this till's report (issue 38).
  const [storeView, setStoreView] = useState(false);
  const { t: ts } = useTranslation('store');
  return (
    <section
      className="shift-screen"
      data-testid="shift"
      data-shift-open={String(open !== null)}
      aria-label={t('title')}
    >
      {/* Scrolls on its own: focusable, so the keyboard can scroll it too. */}
      <div className="shift-paper" tabIndex={0} role="region" aria-label={t('reportRegion')}>
        {storeView ? (
          <StoreShifts />
        ) : report === null ? (
          <p className="muted">{t('noShift')}</p>
        ) : (
          <ShiftReport report={report} paper={paper} />
        )}
      </div>
      <div className="shift-side">
        <div className="actions">
          {/* Which report the paper shows: this till's or the store's tills (issue 38). */}
          <div className="view-switch" role="group" aria-label={ts('storeViewTitle')}>
            <button
              type="button"
              onClick={() => setStoreView(false)}
              aria-pressed={!storeView}
              data-action="show-till"
            >
              {ts('thisTillView')}
            </button>
            <button
              type="button"
              onClick={() => setStoreView(true)}
              aria-pressed={storeView}
              data-action="show-store"
            >
              {ts('storeView')}
            </button>
          </div>
          {shift.showLast && open !== null && (
            <button
              type="button"
              onClick={() => {
                setStoreView(false);
                showCurrent();
              }}
              data-action="show-x"
            >
              {t('showCurrent')}
            </button>
          )}
          {/* Again while it is shown: where the closed shift's sales are now. */}
          <button
            type="button"
            onClick={() => {
              setStoreView(false);
              void showLastZ();
            }}
            data-action="show-z"
          >
            {t('showLast')}
          </button>
          {/* Prints this till's report: offered while that is what the paper shows. */}
          {report !== null && !storeView && (
            <button type="button" onClick={printShiftReport} data-action="print-shift">
              {t('print')} <kbd>F7</kbd>
            </button>
          )}
        </div>
        {shift.error !== null && (
          <p className="notice error" role="alert" data-shift-error>
            {shift.error}
          </p>
        )}
        {shift.done !== null && (
          <p className="notice ok" role="status" data-shift-done>
            {shift.done}
          </p>
        )}
        <SignIn />
        {open === null ? <OpenForm required={shift.state?.required ?? false} /> : <OpenShiftForms />}
      </div>
      {report !== null && (
        <PaperCopy paper={paper} content={report}>
          <ShiftReport report={report} paper={paper} />
        </PaperCopy>
      )}
    </section>
  );
}

function OpenForm({ required }: { required: boolean }) {
  const { t } = useTranslation('shift');
  const [float, setFloat] = useState('');
  const busy = useShift((s) => s.busy);
  return (
    <FormCard
      title={t('openTitle')}
      data-section="open-shift"
      onSubmit={() => void openShift(float).then((ok) => ok && setFloat(''))}
    >
      <p className="muted">{required ? t('noShiftRequired') : t('noShift')}</p>
      <AmountField label={t('floatField')} value={float} set={setFloat} name="float" first />
      <button type="submit" className="primary" disabled={busy} data-action="open-shift">
        {t('openButton')} <kbd>Enter</kbd>
      </button>
    </FormCard>
  );
}

function OpenShiftForms() {
  const { t } = useTranslation('shift');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [counted, setCounted] = useState('');
  const [direction, setDirection] = useState<'in' | 'out'>('out');
  const busy = useShift((s) => s.busy);
  const move = (d: 'in' | 'out') =>
    void moveCash(d, amount, reason).then((ok) => {
      if (ok) {
        setAmount('');
        setReason('');
      }
    });
  return (
    <>
      <FormCard title={t('cashTitle')} data-section="cash-move" onSubmit={() => move(direction)}>
        <div className="shift-row">
          <AmountField label={t('amountField')} value={amount} set={setAmount} name="cash-amount" />
          <TextField
            label={t('reasonField')}
            value={reason}
            set={setReason}
            name="cash-reason"
            maxLength={200}
          />
        </div>
        <div className="shift-row">
          <button type="submit" disabled={busy} onClick={() => setDirection('in')} data-action="paid-in">
            {t('paidInButton')}
          </button>
          <button type="submit" disabled={busy} onClick={() => setDirection('out')} data-action="paid-out">
            {t('paidOutButton')}
          </button>
        </div>
      </FormCard>
      <FormCard
        title={t('closeTitle')}
        data-section="close-shift"
        onSubmit={() => void closeShift(counted).then((ok) => ok && setCounted(''))}
      >
        <p className="muted">{t('closeHelp')}</p>
        <AmountField label={t('countedField')} value={counted} set={setCounted} name="counted" />
        <button type="submit" className="primary" disabled={busy} data-action="close-shift">
          {t('closeButton')}
        </button>
      </FormCard>
    </>
  );
}
