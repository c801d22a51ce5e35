// Settings → Customer display: the address of the display facing the customer, to open in another
// window of the same browser (it shares this page's launch pass) and move to the customer's screen.
// A button cannot open it: the web shell's policy lets no page open windows (main/web/server.ts). In
// the app it opens by itself on a second screen, and the card says so.
import { useTranslation } from 'react-i18next';
import { customerDisplayAddress, displayOpensItself } from '../../store/display.ts';
import { Card } from '../Card.tsx';

export function CustomerDisplayCard() {
  const { t } = useTranslation('settings');
  const address = customerDisplayAddress();
  if (displayOpensItself()) {
    return (
      <Card title={t('displayTitle')} data-section="customer-display">
        <p className="muted">{t('displayHelpApp')}</p>
      </Card>
    );
  }
  return (
    <Card title={t('displayTitle')} data-section="customer-display">
      <p className="muted">{t('displayHelp')}</p>
      <p>
        <code className="selectable" data-display-url={address}>
          {address}
        </code>
      </p>
    </Card>
  );
}
