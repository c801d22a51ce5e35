// Shown instead of the app when the page runs in the web shell without its launch pass (the secret it
// kept is gone or belongs to an earlier launch): no call could work, so the cashier is told what to
// do rather than shown screens that fail one by one.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyLanguage } from '../i18n/index.ts';

export function NoLaunchPass() {
  const { t } = useTranslation();
  useEffect(() => void applyLanguage('system'), []);
  return (
    <main className="screen">
      <p className="notice error" role="alert" data-testid="no-launch-pass">
        {t('noLaunchPass')}
      </p>
    </main>
  );
}
