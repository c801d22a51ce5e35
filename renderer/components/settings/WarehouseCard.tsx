// Settings: the terminal's warehouse (the stock it sells from).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsView } from '../../../contract/contract.ts';
import { useWarehouses, WarehouseSelect } from '../WarehousePicker.tsx';
import { Card } from '../Card.tsx';

export function WarehouseCard({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation('settings');
  const { warehouses, error: loadError } = useWarehouses();
  const [error, setError] = useState<string | null>(null);
  return (
    <Card title={t('warehouseTitle')} data-section="warehouse">
      {(error ?? loadError) !== null && <p className="notice error">{error ?? loadError}</p>}
      <WarehouseSelect warehouses={warehouses} value={settings.warehouseId} onError={setError} />
    </Card>
  );
}
