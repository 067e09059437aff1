import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMinor, formatTimestamp, type BuyLevelResult, type MemberLevel } from '@app/shared';
import { loginPath, paths } from '../../../shared/paths.ts';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import { feedback } from '../../../shared/feedback.ts';
import { PayPasswordDialog } from '../../../shared/payments/pay-password-dialog.tsx';
import { getUserInfo } from '../../../shared/session/get-user-info.ts';
import { addTranslations } from '../../../shared/i18n/i18n.ts';
import { paymentsEn } from '../../../shared/payments/i18n-en.ts';
import { paymentsZhCN } from '../../../shared/payments/i18n-zh-cn.ts';
import { useBuyLevel, useMemberLevels } from '../api/levels.ts';
import { withQueries } from './with-queries.tsx';

// The pay password dialog's texts come with the console bundle, which this public page may precede.
addTranslations({ 'zh-CN': { payments: paymentsZhCN }, en: { payments: paymentsEn } });

/** The console page that tops up the balance a level is paid from. */
const RECHARGE_PATH = '/my/recharge';

/** Why a level cannot be bought right now, or null when it can. */
function blockedReason(
  level: MemberLevel,
  current: MemberLevel | undefined,
): 'free' | 'lower' | null {
  if (level.price_minor <= 0) return 'free';
  if (current && current.order_num > level.order_num) return 'lower';
  return null;
}

/**
 * The member levels with price, duration and discount. Signed out, "Buy" goes to the login
 * and back here; signed in, it asks for the pay password and pays from the balance.
 */
function MemberLevels() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useAuthStore((s) => s.token !== null);
  const setUserInfo = useAuthStore((s) => s.setUserInfo);
  const levels = useMemberLevels(signedIn);
  const buy = useBuyLevel();
  const [buying, setBuying] = useState<MemberLevel | null>(null);
  const [bought, setBought] = useState<BuyLevelResult | null>(null);

  const list = [...(levels.data ?? [])].sort((a, b) => a.order_num - b.order_num);
  const current = list.find((level) => level.current);
  const nameOf = (level: MemberLevel) => (i18n.language === 'en' ? level.name_en : level.name);
  const boughtName = (result: BuyLevelResult) =>
    i18n.language === 'en' ? result.purchase.level_name_en : result.purchase.level_name;

  const start = (level: MemberLevel) => {
    if (!signedIn) void navigate(loginPath(paths.vip));
    else setBuying(level);
  };

  const pay = async (level: MemberLevel, payPassword: string, idempotencyKey: string) => {
    const result = await buy.mutateAsync({
      input: { level_id: level.id, pay_password: payPassword },
      idempotencyKey,
    });
    setBought(result);
    feedback.success(t('public.vip.levels.bought', { level: boughtName(result) }));
    // The header shows the level from the session's user info.
    void getUserInfo()
      .then(setUserInfo)
      .catch(() => undefined);
  };

  if (levels.isError) {
    return (
      <p className="site-container site-note" role="alert">
        {t('public.vip.levels.loadFailed')}
      </p>
    );
  }

  return (
    <section className="site-container vip-levels" aria-labelledby="vip-levels-title">
      <h2 id="vip-levels-title" className="vip-levels__title">
        {t('public.vip.levels.title')}
      </h2>
      {bought && (
        <div className="vip-levels__bought" role="status">
          {t('public.vip.levels.boughtDetail', {
            level: boughtName(bought),
            date: formatTimestamp(bought.purchase.expires_at, false),
            balance: formatMinor(bought.balance_minor),
          })}
        </div>
      )}
      <div className="vip-levels__grid">
        {levels.isPending &&
          [0, 1, 2].map((n) => <div key={n} className="vip-level vip-level--loading" />)}
        {list.map((level) => {
          const blocked = blockedReason(level, current);
          return (
            <article
              key={level.id}
              className={`vip-level${level.current ? ' vip-level--current' : ''}`}
              aria-label={nameOf(level)}
            >
              <header className="vip-level__head">
                <h3>{nameOf(level)}</h3>
                {level.current && (
                  <span className="vip-level__badge">{t('public.vip.levels.current')}</span>
                )}
              </header>
              <p className="vip-level__price">
                {level.price_minor > 0 ? (
                  <>
                    <strong>¥{formatMinor(level.price_minor)}</strong>
                    <span>{t('public.vip.levels.per', { days: level.duration_days })}</span>
                  </>
                ) : (
                  <strong>{t('public.vip.levels.free')}</strong>
                )}
              </p>
              <p className="vip-level__discount">
                {level.discount_percent > 0
                  ? t('public.vip.levels.discount', { percent: level.discount_percent })
                  : t('public.vip.levels.noDiscount')}
              </p>
              {blocked ? (
                <p className="vip-level__blocked">{t(`public.vip.levels.blocked.${blocked}`)}</p>
              ) : (
                <button
                  type="button"
                  className={`btn ${level.current ? 'btn--ghost' : 'btn--primary'}`}
                  onClick={() => start(level)}
                >
                  {level.current ? t('public.vip.levels.renew') : t('public.vip.levels.buy')}
                </button>
              )}
            </article>
          );
        })}
      </div>
      {buying && (
        <PayPasswordDialog
          open
          amountMinor={buying.price_minor}
          description={
            <>
              {t('public.vip.levels.payFor', {
                level: nameOf(buying),
                days: buying.duration_days,
              })}
              <span aria-hidden> · </span>
              <Link to={RECHARGE_PATH}>{t('public.vip.levels.recharge')}</Link>
            </>
          }
          onSubmit={(payPassword, key) => pay(buying, payPassword, key)}
          onClose={() => setBuying(null)}
        />
      )}
    </section>
  );
}

export const MemberLevelsSection = withQueries(MemberLevels);
