// Settings: the screens' language and the prices' currency, the instance and its credentials (the
// secret is write-only), the terminal's warehouse, the scanner with a test pad, sync with a progress
// bar per resource, the connection test (token, version, permissions, features). Each card is its own
// component (components/settings/); this screen lays them out.
import { useTranslation } from 'react-i18next';
import { CashiersCard } from '../components/settings/CashiersCard.tsx';
import { ConnectionCard } from '../components/settings/ConnectionCard.tsx';
import { InstanceCard } from '../components/settings/InstanceCard.tsx';
import { LabelRulesCard } from '../components/settings/LabelRulesCard.tsx';
import { LanguageCard } from '../components/settings/LanguageCard.tsx';
import { ManagerPinCard } from '../components/settings/ManagerPinCard.tsx';
import { OrderHistoryCard } from '../components/settings/OrderHistoryCard.tsx';
import { PriceCurrencyCard } from '../components/settings/PriceCurrencyCard.tsx';
import { PrinterCard } from '../components/settings/PrinterCard.tsx';
import { CustomerDisplayCard } from '../components/settings/CustomerDisplayCard.tsx';
import { ReceiptCard } from '../components/settings/ReceiptCard.tsx';
import { ScannerCard } from '../components/settings/ScannerCard.tsx';
import { SerialScannerCard } from '../components/settings/SerialScannerCard.tsx';
import { ReturnsSettingsCard } from '../components/settings/ReturnsSettingsCard.tsx';
import { ShiftSettingsCard } from '../components/settings/ShiftSettingsCard.tsx';
import { StoreHubCard } from '../components/settings/StoreHubCard.tsx';
import { StockRuleCard } from '../components/settings/StockRuleCard.tsx';
import { SyncCard } from '../components/settings/SyncCard.tsx';
import { WalkInCustomerCard } from '../components/settings/WalkInCustomerCard.tsx';
import { CardIssueSettingsCard } from '../components/settings/CardIssueSettingsCard.tsx';
import { WarehouseCard } from '../components/settings/WarehouseCard.tsx';
import { useApp } from '../store/app.ts';

export function Settings() {
  const { t } = useTranslation('settings');
  const settings = useApp((s) => s.settings);
  const error = useApp((s) => s.settingsError);
  // No card until the settings are here: the cards that need none were laid out first without the
  // ones that do, and jumped when those came (Test connection from the first row to the second); a
  // press begun on a button that jumps away takes no click (connection-words.test.ts). A reading that
  // failed says so, with a way to read them again: else "Loading…" would stay for good.
  if (settings === null) {
    return (
      <section className="settings" data-testid="settings" aria-label={t('settings')}>
        {error === null ? (
          <p role="status" aria-busy="true" data-settings-loading>
            {t('loading')}
          </p>
        ) : (
          <>
            <p className="notice error" role="alert" data-settings-unread>
              {t('settingsUnread', { why: error })}
            </p>
            <button
              type="button"
              data-action="read-settings"
              onClick={() => void useApp.getState().refreshSettings()}
            >
              {t('settingsReadAgain')}
            </button>
          </>
        )}
      </section>
    );
  }
  return (
    <section className="settings" data-testid="settings" aria-label={t('settings')}>
      <div className="settings-grid">
        <LanguageCard settings={settings} />
        <PriceCurrencyCard settings={settings} />
        <InstanceCard settings={settings} />
        <ConnectionCard />
        <SyncCard />
        <WarehouseCard settings={settings} />
        <WalkInCustomerCard settings={settings} />
        <CardIssueSettingsCard settings={settings} />
        <StockRuleCard settings={settings} />
        <ScannerCard scanner={settings.scanner} />
        <SerialScannerCard settings={settings} />
        <LabelRulesCard rules={settings.labelRules} />
        <ManagerPinCard />
        <ShiftSettingsCard settings={settings} />
        <ReturnsSettingsCard settings={settings} />
        <CashiersCard />
        <ReceiptCard settings={settings} />
        <PrinterCard settings={settings} />
        <CustomerDisplayCard />
        <StoreHubCard />
        <OrderHistoryCard settings={settings} />
      </div>
    </section>
  );
}
