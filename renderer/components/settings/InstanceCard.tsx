// Settings: the instance and its credentials. The secret is write-only: the card shows only whether
// one is stored and where; a field the core refused is named under its input.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PosError, type SettingsView } from '../../../contract/contract.ts';
import { spokenFields } from '../../i18n/spoken.ts';
import { message } from '../../store/app.ts';
import { saveInstance } from '../../store/settings.ts';
import { plainResult, type CardResult } from './card-result.ts';
import { TextField } from '../TextField.tsx';
import { CheckField } from '../CheckField.tsx';
import { FormCard } from '../Form.tsx';
import { SaveButton } from './SettingsSave.tsx';

const URL_EXAMPLE = 'https://shop.example.com';

export function InstanceCard({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation('settings');
  const [url, setUrl] = useState(settings.instanceUrl ?? '');
  const [clientId, setClientId] = useState(settings.clientId ?? '');
  const [secret, setSecret] = useState('');
  const [allowInsecure, setAllowInsecure] = useState(settings.allowInsecure);
  const [result, setResult] = useState<(CardResult & { fields?: Record<string, string[]> }) | null>(null);
  const fromEnv = settings.source === 'env';

  const save = async () => {
    try {
      await saveInstance({
        instanceUrl: url.trim() === '' ? null : url.trim(),
        clientId: clientId.trim() === '' ? null : clientId.trim(),
        ...(secret === '' ? {} : { clientSecret: secret }),
        allowInsecure,
      });
      setSecret('');
      setResult({ tone: 'ok', text: (t) => t('saved') });
    } catch (error) {
      const fields = error instanceof PosError ? spokenFields(error) : undefined;
      setResult({ ...plainResult('error', message(error)), ...(fields === undefined ? {} : { fields }) });
    }
  };

  return (
    <FormCard title={t('instanceTitle')} data-section="instance" onSubmit={() => void save()}>
      <p className="muted" data-source={settings.source}>
        {settings.source === 'demo'
          ? t('sourceDemo')
          : settings.source === 'env'
            ? t('sourceEnv')
            : t('sourceSettings')}
      </p>
      <TextField
        label={t('instanceUrl')}
        value={url}
        set={setUrl}
        name="instanceUrl"
        placeholder={URL_EXAMPLE}
        disabled={fromEnv}
      >
        {result?.fields?.instanceUrl?.map((m) => (
          <span className="field-error" key={m}>
            {m}
          </span>
        ))}
      </TextField>
      <TextField label={t('clientId')} value={clientId} set={setClientId} name="clientId" />
      <TextField
        label={t('clientSecret')}
        value={secret}
        set={setSecret}
        name="clientSecret"
        secret
        placeholder={settings.hasSecret ? t('secretPlaceholderStored') : t('secretPlaceholderNone')}
      >
        <span className="muted" data-has-secret={String(settings.hasSecret)}>
          {settings.hasSecret
            ? settings.secretStorage === 'safeStorage'
              ? t('secretSafeStorage')
              : settings.secretStorage === 'env'
                ? t('secretEnv')
                : t('secretSession')
            : t('secretNone')}
        </span>
      </TextField>
      <CheckField
        label={t('allowInsecure')}
        checked={allowInsecure}
        set={setAllowInsecure}
        name="allowInsecure"
      />
      <div className="actions">
        <SaveButton label={t('save')} data-action="save-instance" />
        {settings.hasSecret && settings.secretStorage !== 'env' && (
          <button type="button" onClick={() => void saveInstance({ clearSecret: true })}>
            {t('forgetSecret')}
          </button>
        )}
      </div>
      {result !== null && <p className={`notice ${result.tone}`}>{result.text(t)}</p>}
    </FormCard>
  );
}
