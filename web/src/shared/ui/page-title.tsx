import { useTranslation } from 'react-i18next';

/** The document title: "<page> · Orbit", or exactly `exact` when a title is fixed (docs/product.md#errors). */
export const PageTitle = ({ title, exact }: { title?: string; exact?: string }) => {
  const { t } = useTranslation();
  return <title>{exact ?? `${title ?? ''} · ${t('app.titleSuffix')}`}</title>;
};
