import { Button, TextArea, TextField } from '@radix-ui/themes'
import { Flex, Grid, Text } from '#app/components/ui/lean.tsx'
import { Sparkles } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import type { ContentSettings } from '#modules/news/index.ts'
import { KeywordChips } from './keyword-chips.tsx'
import { FieldError, SettingsSection, useSettingsFetcher } from './section.tsx'
import '#locales/ns/settings.ts'

/** 'Content-Einstellungen' of a brand: niche, target audience, content and news keywords, stored on the server. */
export function ContentSection({ content, brand }: { content: ContentSettings; brand: { name: string | null; allBrands: boolean } }) {
	const { t } = useTranslation('settings')
	const { fetcher, errors, busy } = useSettingsFetcher('content')
	const [keywords, setKeywords] = useState(content.keywords)
	const [newsKeywords, setNewsKeywords] = useState(content.newsKeywords)

	return (
		<SettingsSection id="content" icon={<Sparkles size={20} />} title={t('content.title')} description={t('content.description')}>
			<fetcher.Form method="post" noValidate>
				<input type="hidden" name="intent" value="content" />
				<Flex direction="column" gap="4">
					{brand.name ? (
						<Text size="2" color="gray" data-testid="content-settings-brand">
							{t(brand.allBrands ? 'content.brandAll' : 'content.brand', { name: brand.name })}
						</Text>
					) : null}
					<Grid columns={{ initial: '1', md: '2' }} gap="4">
						<Flex direction="column" gap="1">
							<Text as="label" htmlFor="settings-niche" size="2" weight="medium">
								{t('content.niche')}
							</Text>
							<TextField.Root id="settings-niche" name="niche" defaultValue={content.niche} maxLength={500} placeholder={t('content.nichePlaceholder')} />
							<FieldError id="settings-niche-error" error={errors.niche} />
						</Flex>
						<Flex direction="column" gap="1">
							<Text as="label" htmlFor="settings-audience" size="2" weight="medium">
								{t('content.audience')}
							</Text>
							<TextArea id="settings-audience" name="targetAudience" defaultValue={content.targetAudience} maxLength={1000} placeholder={t('content.audiencePlaceholder')} rows={2} />
							<FieldError id="settings-audience-error" error={errors.targetAudience} />
						</Flex>
					</Grid>
					<KeywordChips name="keywords" label={t('content.keywords')} keywords={keywords} onChange={setKeywords} />
					<FieldError id="settings-keywords-error" error={errors.keywords} />
					<KeywordChips name="newsKeywords" label={t('content.newsKeywords')} keywords={newsKeywords} onChange={setNewsKeywords} />
					<FieldError id="settings-news-keywords-error" error={errors.newsKeywords} />
					<Flex justify="end">
						<Button type="submit" loading={busy}>
							{t('save')}
						</Button>
					</Flex>
				</Flex>
			</fetcher.Form>
		</SettingsSection>
	)
}
