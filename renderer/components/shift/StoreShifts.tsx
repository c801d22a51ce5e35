// The store's view of its tills (issue 38): each till's open shift, its sales and the cash its drawer
// should hold, and the store's total; this till first. Other tills' figures are as the hub last
// brought them: said when it is out of reach.
import { useEffect } from 'react';
import './shift.css';
import { useTranslation } from 'react-i18next';
import { toMajor, type Minor } from '../../../common/money.ts';
import { loadStoreShifts, useHub } from '../../store/hub.ts';
import { useFormat } from '../use-format.ts';

export function StoreShifts() {
  const { t } = useTranslation('store');
  const format = useFormat();
  const store = useHub((s) => s.store);
  useEffect(() => {
    void loadStoreShifts();
    // Other tills sell meanwhile: the view follows every few seconds while it is shown.
    const timer = setInterval(() => void loadStoreShifts(), 3000);
    return () => clearInterval(timer);
  }, []);
  if (store === null) return null;
  const money = (amount: Minor) => format.price(toMajor(amount));
  return (
    <div className="store-shifts" data-store-shifts>
      <h2>{t('storeViewTitle')}</h2>
      {!store.hub && <p className="muted">{t('storeNoHub')}</p>}
      {store.hub && !store.connected && <p className="notice error">{t('storeOffline')}</p>}
      <table>
        <thead>
          <tr>
            <th scope="col">{t('storeTill')}</th>
            <th scope="col">{t('storeShift')}</th>
            <th scope="col" className="num">
              {t('storeSales')}
            </th>
            <th scope="col" className="num">
              {t('storeTakings')}
            </th>
            <th scope="col" className="num">
              {t('storeExpectedCash')}
            </th>
          </tr>
        </thead>
        <tbody>
          {store.tills.map((till) => (
            <tr key={till.till} data-store-till={till.till}>
              <th scope="row">{till.self ? t('storeThisTill', { till: till.till }) : till.till}</th>
              <td>{till.shift === null ? t('storeNoShift') : String(till.shift.id)}</td>
              <td className="num">{till.shift === null ? '' : String(till.shift.sales)}</td>
              <td className="num">{till.shift === null ? '' : money(till.shift.salesMinor)}</td>
              <td className="num">{till.shift === null ? '' : money(till.shift.expectedCashMinor)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-store-total>
            <th scope="row">{t('storeTotal')}</th>
            <td />
            <td className="num" data-store-total-sales={store.total.sales}>
              {String(store.total.sales)}
            </td>
            <td className="num">{money(store.total.salesMinor)}</td>
            <td className="num">{money(store.total.expectedCashMinor)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
