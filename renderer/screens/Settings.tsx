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
  return (
    <section className="settings" data-testid="settings" aria-label={t('settings')}>
      <div className="settings-grid">
        {settings !== null && <LanguageCard settings={settings} />}
        {settings !== null && <PriceCurrencyCard settings={settings} />}
        {settings === null ? <p>{t('loading')}</p> : <InstanceCard settings={settings} />}
        <ConnectionCard />
        <SyncCard />
        {settings !== null && <WarehouseCard settings={settings} />}
        {settings !== null && <WalkInCustomerCard settings={settings} />}
        {settings !== null && <CardIssueSettingsCard settings={settings} />}
        {settings !== null && <StockRuleCard settings={settings} />}
        {settings !== null && <ScannerCard scanner={settings.scanner} />}
        {settings !== null && <SerialScannerCard settings={settings} />}
        {settings !== null && <LabelRulesCard rules={settings.labelRules} />}
        <ManagerPinCard />
        {settings !== null && <ShiftSettingsCard settings={settings} />}
        {settings !== null && <ReturnsSettingsCard settings={settings} />}
        <CashiersCard />
        {settings !== null && <ReceiptCard settings={settings} />}
        {settings !== null && <PrinterCard settings={settings} />}
        <CustomerDisplayCard />
        <StoreHubCard />
        {settings !== null && <OrderHistoryCard settings={settings} />}
      </div>
    </section>
  );
}
