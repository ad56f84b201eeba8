import { useTranslation } from 'react-i18next';
import type { ReferralStage } from '@orbit/functions/referrals/contract';
import { Tag, type TagColor } from '../../../shared/ui/tag';

export const stageColors = { registered: 'info', active: 'warning', rewarded: 'success' } as const satisfies Record<
  ReferralStage,
  TagColor
>;

export const StageTag = ({ stage }: { readonly stage: ReferralStage }) => {
  const { t } = useTranslation();
  return (
    <Tag
      label={t(`referrals.stages.${stage}`)}
      color={stageColors[stage]}
      variant="outlined"
      title={t(`referrals.stageHints.${stage}`)}
      data-testid="referral-stage"
      data-stage={stage}
    />
  );
};
