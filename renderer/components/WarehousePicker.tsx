// The terminal's warehouse: what it sells from and books orders to. Chosen in Settings, or on the Sale
// screen before the first scan of a new terminal (the only active warehouse is taken without asking).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WarehouseView } from '../../contract/contract.ts';
import { message, useApp } from '../store/app.ts';
import { listWarehouses, setWarehouse } from '../store/settings.ts';
import { onlyActiveWarehouse } from '../store/warehouses.ts';

/** The synced warehouses (null while loading), reloaded when a sync completes or the instance changes. */
export function useWarehouses(): { warehouses: WarehouseView[] | null; error: string | null } {
  const [warehouses, setWarehouses] = useState<WarehouseView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const syncedAt = useApp((s) => s.sync?.lastSyncedAt ?? null);
  const instance = useApp((s) => s.status?.instance ?? null);
  useEffect(() => {
    listWarehouses()
      .then((list) => {
        setWarehouses(list);
        setError(null);
      })
      .catch((e: unknown) => setError(message(e)));
  }, [syncedAt, instance]);
  return { warehouses, error };
}

export function WarehouseSelect(props: {
  warehouses: readonly WarehouseView[] | null;
  value: number | null;
  onError: (text: string | null) => void;
}) {
  const { warehouses, value, onError } = props;
  const { t } = useTranslation();
  return (
    <select
      value={value ?? ''}
      onChange={(e) => void setWarehouse(e.target.value === '' ? null : Number(e.target.value)).then(onError)}
      aria-label={t('terminalWarehouse')}
      data-field="warehouseId"
    >
      <option value="">{warehouses?.length === 0 ? t('syncFirst') : t('choose')}</option>
      {(warehouses ?? []).map((w) => (
        <option key={w.id} value={w.id}>
          {w.name}
          {w.number === undefined ? '' : ` (${w.number})`}
          {w.isInactive === true ? ` - ${t('inactive')}` : ''}
        </option>
      ))}
    </select>
  );
}

/**
 * On the Sale screen while no warehouse is chosen: asks for it before the first scan, instead of
 * letting the scan fail. With exactly one active warehouse it is chosen at once.
 */
export function TerminalWarehousePrompt() {
  const chosen = useApp((s) => s.settings?.warehouseId ?? null);
  const loaded = useApp((s) => s.settings !== null);
  // Mounted only while needed: a terminal with its warehouse asks the core for no list on Sale.
  return loaded && chosen === null ? <WarehousePrompt /> : null;
}

function WarehousePrompt() {
  const { warehouses, error: loadError } = useWarehouses();
  const [error, setError] = useState<string | null>(null);
  const only = warehouses === null ? undefined : onlyActiveWarehouse(warehouses);
  const { t } = useTranslation();
  useEffect(() => {
    if (only !== undefined) void setWarehouse(only.id).then(setError);
  }, [only]);
  return (
    <div className="card warehouse-prompt" data-section="sale-warehouse">
      <h2>{t('whichWarehouse')}</h2>
      <p>{t('whichWarehouseWhy')}</p>
      {(error ?? loadError) !== null && <p className="notice error">{error ?? loadError}</p>}
      <WarehouseSelect warehouses={warehouses} value={null} onError={setError} />
    </div>
  );
}
