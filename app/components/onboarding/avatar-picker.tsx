import { Grid, IconButton } from '@radix-ui/themes'
import { useTranslation } from '#app/utils/use-translation.ts'
import { onboardingAvatars, type OnboardingAvatar } from '#modules/agents/onboarding-schema.ts'
import { onboardingAvatarIcons } from './avatar-icons.ts'
import '#locales/ns/onboarding.ts'

export function AvatarPicker({
	labelId,
	value,
	onChange,
}: {
	labelId: string
	value: OnboardingAvatar
	onChange: (avatar: OnboardingAvatar) => void
}) {
	const { t } = useTranslation('onboarding')
	return (
		<Grid role="group" aria-labelledby={labelId} columns={{ initial: '5', sm: '8' }} gap="2" justify="start" width="fit-content">
			{onboardingAvatars.map((avatar) => {
				const Icon = onboardingAvatarIcons[avatar]
				const selected = avatar === value
				return (
					<IconButton
						key={avatar}
						type="button"
						size="3"
						radius="full"
						variant={selected ? 'solid' : 'soft'}
						color={selected ? undefined : 'gray'}
						aria-pressed={selected}
						aria-label={t('fields.avatar.option', { name: t(`avatars.${avatar}`) })}
						title={t(`avatars.${avatar}`)}
						onClick={() => onChange(avatar)}
					>
						<Icon size={20} aria-hidden />
					</IconButton>
				)
			})}
		</Grid>
	)
}
