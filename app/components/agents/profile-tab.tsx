import { Flex, Grid, IconButton } from '@radix-ui/themes'
import { useId } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { agentAvatarIcons } from '#app/components/agent-avatar-icons.ts'
import { agentAvatars, agentIndustries, agentLimits, agentPersonalities, targetAudiences } from '#modules/agents/schema.ts'
import type { Draft, UpdateDraft } from './draft.ts'
import { Field, SelectField, TextAreaField } from './fields.tsx'
import '#locales/ns/agents.ts'

const NO_INDUSTRY = 'none'

export function ProfileTab({ draft, update }: { draft: Draft; update: UpdateDraft }) {
	const { t } = useTranslation('agents')
	const avatarLabel = useId()
	const audiences = targetAudiences.map((value) => ({ value: value as string, label: t(`audiences.${value}`) }))
	// A free-text audience from the onboarding stays selectable as it is.
	if (draft.targetAudience && !targetAudiences.includes(draft.targetAudience as (typeof targetAudiences)[number])) {
		audiences.unshift({ value: draft.targetAudience, label: t('profile.customAudience', { value: draft.targetAudience.slice(0, 60) }) })
	}
	return (
		<Flex direction="column" gap="4">
			<Field label={t('profile.avatar')} labelId={avatarLabel}>
				<Grid role="group" aria-labelledby={avatarLabel} columns={{ initial: '6', sm: '10' }} gap="2" width="fit-content">
					{agentAvatars.map((avatar) => {
						const Icon = agentAvatarIcons[avatar]
						const selected = avatar === draft.avatar
						return (
							<IconButton
								key={avatar}
								type="button"
								size="3"
								radius="full"
								variant={selected ? 'solid' : 'soft'}
								color={selected ? undefined : 'gray'}
								aria-pressed={selected}
								aria-label={t('profile.avatarOption', { name: t(`avatars.${avatar}`) })}
								title={t(`avatars.${avatar}`)}
								onClick={() => update('avatar', avatar)}
							>
								<Icon size={20} aria-hidden />
							</IconButton>
						)
					})}
				</Grid>
			</Field>
			<Grid columns={{ initial: '1', sm: '3' }} gap="4">
				<SelectField
					label={t('profile.personality')}
					value={draft.personality}
					options={agentPersonalities.filter((p) => p !== 'creative' || draft.personality === 'creative').map((value) => ({ value, label: t(`personalities.${value}`) }))}
					onChange={(value) => update('personality', value)}
				/>
				<SelectField label={t('profile.targetAudience')} value={draft.targetAudience || 'entrepreneurs'} options={audiences} onChange={(value) => update('targetAudience', value)} />
				<SelectField
					label={t('profile.industry')}
					value={draft.industry ?? NO_INDUSTRY}
					options={[{ value: NO_INDUSTRY, label: t('profile.noIndustry') }, ...agentIndustries.map((value) => ({ value, label: t(`industries.${value}`) }))]}
					onChange={(value) => update('industry', value === NO_INDUSTRY ? null : (value as Draft['industry']))}
				/>
			</Grid>
			<TextAreaField
				label={t('profile.description')}
				value={draft.description}
				onChange={(value) => update('description', value)}
				max={agentLimits.descriptionMax}
				placeholder={t('profile.descriptionPlaceholder')}
				counter={t('knowledge.counter', { count: draft.description.length, max: agentLimits.descriptionMax })}
			/>
		</Flex>
	)
}
