// Settings: the optional manager PIN. Set, change or clear it; while one is set,
// every change in Settings, discarding, cancelling on the instance and marking as sent ask for it
// (the prompt is GuardDialogs'). Leaving Settings shuts the lock again.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../store/app.ts';
import { lockManager } from '../../store/guard.ts';
import { changeManagerPin, removeManagerPin, type PinChange } from '../../store/settings.ts';
import { PinField } from '../PinField.tsx';
import { plainResult, type CardResult } from './card-result.ts';
import { FormCard } from '../Form.tsx';
import { CardNotice } from './CardNotice.tsx';
import { SaveButton } from './SettingsSave.tsx';

export function ManagerPinCard() {
  const { t } = useTranslation('settings');
  const pinSet = useApp((s) => s.settings?.managerPinSet);
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [result, setResult] = useState<CardResult | null>(null);

  // Whatever the PIN opened here is shut when the cashier leaves Settings.
  useEffect(() => () => void lockManager(), []);

  if (pinSet === undefined) return null;

  const say = (change: PinChange) => setResult(resultOf(change));

  const save = async () => {
    const change = await changeManagerPin(pin, again);
    // Once the core was asked, whatever it answered, the fields empty: no PIN is left typed in them.
    if (change.kind !== 'digits' && change.kind !== 'differ') {
      setPin('');
      setAgain('');
    }
    say(change);
  };

  const clear = async () => say(await removeManagerPin());

  return (
    <FormCard
      title={t('pinTitle')}
      data-section="manager-pin"
      data-pin-set={String(pinSet)}
      onSubmit={() => void save()}
    >
      <p className="muted">{pinSet ? t('pinSetHelp') : t('pinNotSetHelp')}</p>
      <PinField
        label={pinSet ? t('pinNew') : t('pinFirst')}
        value={pin}
        set={setPin}
        name="newManagerPin"
        manager
      />
      <PinField label={t('pinAgain')} value={again} set={setAgain} name="newManagerPinAgain" manager />
      <div className="actions">
        <SaveButton label={pinSet ? t('pinChange') : t('pinSet')} data-action="set-manager-pin" />
        {pinSet && (
          <button type="button" onClick={() => void clear()} data-action="clear-manager-pin">
            {t('pinRemove')}
          </button>
        )}
      </div>
      <CardNotice result={result} name="pin-result" />
    </FormCard>
  );
}

function resultOf(change: PinChange): CardResult {
  switch (change.kind) {
    case 'digits':
      return { tone: 'error', text: (t) => t('pinDigits') };
    case 'differ':
      return { tone: 'error', text: (t) => t('pinsDiffer') };
    case 'set':
      return { tone: 'ok', text: (t) => t('pinSetDone') };
    case 'changed':
      return { tone: 'ok', text: (t) => t('pinChanged') };
    case 'removed':
      return { tone: 'ok', text: (t) => t('pinRemoved') };
    case 'refused':
      return plainResult('error', change.message);
  }
}
