// Settings → Customer display: the address of the display facing the customer, to open in another
// window of the same browser (it shares this page's launch pass) and move to the customer's screen.
// A button cannot open it: the web shell's policy lets no page open windows (main/web/server.ts).
import { useTranslation } from 'react-i18next';
import { customerDisplayAddress } from '../../store/display.ts';

export function CustomerDisplayCard() {
  const { t } = useTranslation('settings');
  const address = customerDisplayAddress();
  return (
    <div className="card" data-section="customer-display">
      <h2>{t('displayTitle')}</h2>
      <p className="muted">{t('displayHelp')}</p>
      <p>
        <code className="selectable" data-display-url={address}>
          {address}
        </code>
      </p>
    </div>
  );
}
