// Settings → Store hub (issue 38): the hub's address, this till's name and password (write-only),
// whether this till hosts the hub (its port, the store's other tills), and what the till sees now:
// connected or since when not, the tills seen and how far behind each is. Passwords made for the
// hosted hub's tills are shown once, after saving.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HubView } from '../../../contract/contract.ts';
import { message, useApp } from '../../store/app.ts';
import { reloadHub, saveHub, useHub } from '../../store/hub.ts';
import { useFormat } from '../use-format.ts';
import { TextField } from '../TextField.tsx';
import { CheckField } from '../CheckField.tsx';
import { Form } from '../Form.tsx';
import { Card } from '../Card.tsx';

const TILL = /^[A-Za-z0-9_-]{1,32}$/;
/** How often the open card reads the hub's view: as often as the hub looks how far behind it is. */
const HUB_READ_MS = 2000;
const URL = /^nats:\/\/[^\s/]+$/;

/** What the last save said: saved, or why not. */
interface Said {
  readonly ok: boolean;
  readonly text: string;
}

/** The hosted hub's new tills' passwords, as the one answer that carries them gave them. */
type Fresh = HubView['newPasswords'];

export function StoreHubCard() {
  const { t } = useTranslation('store');
  const hub = useHub((s) => s.hub);
  // Read on opening, every 2 s while open (events applied and how far behind emit no status event:
  // the status bar's view of the hub is only connected or not), and at every status event (connected
  // or not shows at once).
  const status = useApp((s) => s.status);
  useEffect(() => reloadHub(), [status]);
  useEffect(() => {
    const timer = setInterval(reloadHub, HUB_READ_MS);
    return () => clearInterval(timer);
  }, []);
  // Kept here, not in the form: a save that changes the setting gives the form a new key, so a new
  // form is mounted with the saved values, and what the old one held would be lost with it, the
  // passwords the core hands over only this once among it. Later reads (status events) carry none.
  const [said, setSaid] = useState<Said | null>(null);
  const [fresh, setFresh] = useState<Fresh>(undefined);
  return (
    <Card title={t('hubTitle')} data-section="store-hub">
      <p className="muted">{t('hubHelp')}</p>
      {hub !== null && (
        <HubForm
          key={JSON.stringify([hub.url, hub.till, hub.hosts, hub.port, hub.tills])}
          hub={hub}
          said={said}
          setSaid={setSaid}
          fresh={fresh}
          setFresh={setFresh}
        />
      )}
      {hub !== null && <HubState hub={hub} />}
    </Card>
  );
}

function HubForm({
  hub,
  said,
  setSaid,
  fresh,
  setFresh,
}: {
  hub: HubView;
  said: Said | null;
  setSaid: (said: Said) => void;
  fresh: Fresh;
  setFresh: (fresh: Fresh) => void;
}) {
  const { t } = useTranslation('store');
  const [url, setUrl] = useState(hub.source === 'env' ? '' : (hub.url ?? ''));
  const [till, setTill] = useState(hub.source === 'env' ? '' : (hub.till ?? ''));
  const [password, setPassword] = useState('');
  const [hosts, setHosts] = useState(hub.hosts);
  const [port, setPort] = useState(String(hub.port));
  const [tills, setTills] = useState(hub.tills.join(', '));
  const save = async () => {
    const others = tills
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    const wrong = [till, ...others].find((name) => name !== '' && !TILL.test(name));
    const portNumber = Number(port);
    const problem =
      wrong !== undefined
        ? t('badTillName', { name: wrong })
        : url.trim() !== '' && !URL.test(url.trim())
          ? t('badHubUrl', { url })
          : !Number.isInteger(portNumber) || portNumber < 1 || portNumber > 65535
            ? t('badPort')
            : null;
    if (problem !== null) {
      setSaid({ ok: false, text: problem });
      return;
    }
    try {
      const saved = await saveHub({
        url: url.trim() === '' ? null : url.trim(),
        till: till === '' ? null : till,
        ...(password === '' ? {} : { password }),
        hosts,
        port: portNumber,
        tills: others,
      });
      setPassword('');
      setFresh(saved.newPasswords);
      setSaid({ ok: true, text: t('hubSaved') });
    } catch (error) {
      setSaid({ ok: false, text: message(error) });
    }
  };
  return (
    <Form onSubmit={() => void save()}>
      {hub.source === 'env' && (
        <p className="notice" data-hub-env>
          {t('hubFromEnv', { url: hub.url ?? '', till: hub.till ?? '' })}
        </p>
      )}
      <TextField
        label={t('hubUrl')}
        value={url}
        set={setUrl}
        name="hubUrl"
        placeholder={t('hubUrlExample')}
      />
      <TextField label={t('hubTill')} value={till} set={setTill} name="hubTill" />
      <TextField label={t('hubPassword')} value={password} set={setPassword} name="hubPassword" secret />
      {hub.passwordSet && <p className="muted">{t('hubPasswordStored')}</p>}
      <CheckField label={t('hubHosts')} checked={hosts} set={setHosts} name="hubHosts" />
      {hosts && (
        <>
          <TextField
            label={t('hubPort')}
            value={port}
            set={(typed) => setPort(typed.replace(/\D/g, ''))}
            name="hubPort"
            inputMode="numeric"
          />
          <TextField label={t('hubTills')} value={tills} set={setTills} name="hubTills" />
        </>
      )}
      <button type="submit" data-action="save-hub">
        {t('hubSave')}
      </button>
      {said !== null && (
        <p
          className={said.ok ? 'notice ok' : 'notice error'}
          role={said.ok ? 'status' : 'alert'}
          data-hub-said
        >
          {said.text}
        </p>
      )}
      {fresh !== undefined && fresh.length > 0 && (
        // A secret shown this once (the core forgets it): set apart like a warning, never as plain text.
        // The live region is the heading alone: a screen reader announces that passwords came, and
        // never reads them out loud unasked.
        <div className="notice warn hub-passwords" data-hub-new-passwords>
          <p role="status">{t('hubNewPasswords')}</p>
          <ul>
            {fresh.map((p) => (
              <li key={p.till}>
                <strong>{p.till}</strong>: <code>{p.password}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Form>
  );
}

function HubState({ hub }: { hub: HubView }) {
  const { t } = useTranslation('store');
  const format = useFormat();
  const off = hub.source === 'none' && hub.missing.length === 0;
  return (
    <div data-hub-state={hub.connected ? 'connected' : off ? 'off' : 'down'}>
      {hub.journalBreak != null && (
        <p className="notice error" data-hub-journal-break={hub.journalBreak.hubLast}>
          {t('hubJournalBreak', { ...hub.journalBreak })}
        </p>
      )}
      {off ? (
        <p className="muted">{t('hubOff')}</p>
      ) : hub.missing.length > 0 ? (
        <p className="notice error">
          {t('hubMissing', { missing: hub.missing.map((m) => t(`missing_${m}`)).join(', ') })}
        </p>
      ) : hub.connected ? (
        // "Events sent by this till" would count another journal's: the notice above says what is.
        hub.journalBreak == null && (
          <p className="notice ok">{t('hubConnected', { published: hub.published })}</p>
        )
      ) : (
        <p className="notice error">
          {t('hubDown', { since: hub.downSince === null ? '' : format.time(hub.downSince) })}
        </p>
      )}
      {hub.seen.length > 0 && (
        <>
          <h3>{t('hubSeen')}</h3>
          <ul data-hub-seen>
            {hub.seen.map((s) => (
              <li key={s.till} data-till={s.till} data-applied={s.applied}>
                {t('hubSeenRow', { till: s.till, applied: s.applied })} ·{' '}
                {s.behind === null || s.behind === 0 ? t('hubUpToDate') : t('hubBehind', { count: s.behind })}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
