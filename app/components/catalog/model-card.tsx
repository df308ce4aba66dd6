import { Checkbox } from '@radix-ui/themes'
import { Badge, Card, Flex, Heading, Text } from '#app/components/ui/lean.tsx'
import { Button, IconButton, buttonClassName } from '#app/components/ui/lean-controls.tsx'
import { Heart, Star } from 'lucide-react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { Link, useFetcher } from 'react-router'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import { CARD_FEATURES, lowestPerSecond, singleTestCost } from '#modules/catalog/costs.ts'
import type { GalleryModel } from '#modules/catalog/index.ts'
import { levelColor, levelKey, testUrl } from './format.ts'
import { swissCount } from '#app/utils/format.ts'
import { Tooltip } from '#app/components/tooltip/tooltip.tsx'
import '#locales/ns/catalog.ts'

type Props = {
	model: GalleryModel
	balance: number
	selected: boolean
	onSelect: (checked: boolean) => void
}

/** A gallery card: level, features, price, like and favourite, the compare checkbox and 'Testen'. */
export function ModelCard({ model, balance, selected, onSelect }: Props) {
	const { t } = useTranslation('catalog')
	const liker = useFetcher()
	const favoriter = useFetcher()
	useFetcherNotice(liker)
	useFetcherNotice(favoriter)

	// Optimistic: the click shows at once; the reloaded gallery confirms it (or a toast says it failed).
	const likePending = liker.formData ? liker.formData.get('value') === 'true' : null
	const liked = likePending ?? model.liked
	const likeCount = Math.max(0, model.likeCount + (likePending === null || likePending === model.liked ? 0 : likePending ? 1 : -1))
	const favorite = favoriter.formData ? favoriter.formData.get('value') === 'true' : model.favorite

	const cost = singleTestCost(model, model.category)
	const affordable = balance >= cost
	const shown = model.features.slice(0, CARD_FEATURES)
	const more = model.features.length - shown.length

	return (
		<Card as="article" size="2" data-testid="model-card" data-model-id={model.modelId} data-favorite={favorite} aria-label={model.name}>
			<Flex direction="column" gap="3" style={{ height: '100%' }}>
				{model.previewImageUrl ? (
					// Decorative: the model's name is the card's heading.
					// Radix Themes' <Inset clip="padding-box" side="top">.
					<div className="rt-Inset rt-r-side-top rt-r-clip-padding-box">
						<img src={model.previewImageUrl} alt="" data-testid="model-preview" style={{ display: 'block', width: '100%', height: 140, objectFit: 'cover' }} />
					</div>
				) : null}
				<Flex justify="between" align="start" gap="2">
					<Flex direction="column" gap="1">
						<Heading as="h3" size="4">
							{model.name}
						</Heading>
						<Flex gap="1" wrap="wrap">
							<Badge color={levelColor(model.recommendationLevel)} variant="soft" data-testid="model-level">
								{t(levelKey(model.recommendationLevel))}
							</Badge>
							{model.testMode ? (
								<Tooltip content={t('gallery.testModeHint')}>
									<Badge color="amber" variant="soft">
										{t('gallery.testMode')}
									</Badge>
								</Tooltip>
							) : null}
							{model.supportsAudio ? <Badge variant="outline">{t('gallery.audio')}</Badge> : null}
							{model.referenceImageRequired ? <Badge variant="outline">{t('gallery.referenceRequired')}</Badge> : null}
						</Flex>
					</Flex>
					<favoriter.Form method="post">
						<input type="hidden" name="intent" value="favorite" />
						<input type="hidden" name="modelId" value={model.id} />
						<input type="hidden" name="value" value={String(!favorite)} />
						<IconButton type="submit" variant="ghost" color={favorite ? 'amber' : 'gray'} aria-pressed={favorite} aria-label={favorite ? t('gallery.unfavorite') : t('gallery.favorite')}>
							<Star size={18} fill={favorite ? 'currentColor' : 'none'} aria-hidden />
						</IconButton>
					</favoriter.Form>
				</Flex>

				<Text size="2" color="gray">
					{model.description}
				</Text>

				<Flex gap="1" wrap="wrap" data-testid="model-features">
					{shown.map((feature) => (
						<Badge key={feature} variant="surface" color="gray">
							{feature}
						</Badge>
					))}
					{more > 0 ? (
						<Badge variant="outline" color="gray">
							{t('gallery.moreFeatures', { count: more })}
						</Badge>
					) : null}
				</Flex>

				<Flex justify="between" align="center" gap="2" style={{ marginTop: 'auto' }}>
					<Text size="2" weight="medium" data-testid="model-cost" data-cost={cost}>
						{model.category === 'video' ? t('gallery.costPerSecond', swissCount(lowestPerSecond(model))) : t('gallery.cost', { count: model.creditsCost })}
					</Text>
					<liker.Form method="post">
						<input type="hidden" name="intent" value="like" />
						<input type="hidden" name="modelId" value={model.id} />
						<input type="hidden" name="value" value={String(!liked)} />
						<Button type="submit" variant="ghost" color={liked ? 'red' : 'gray'} aria-pressed={liked} aria-label={liked ? t('gallery.unlike', { count: likeCount }) : t('gallery.like', { count: likeCount })}>
							<Heart size={16} fill={liked ? 'currentColor' : 'none'} aria-hidden />
							<span data-testid="like-count">{likeCount}</span>
						</Button>
					</liker.Form>
				</Flex>

				<Flex justify="between" align="center" gap="2" wrap="wrap">
					<Text as="label" size="2">
						<Flex gap="2" align="center">
							<Checkbox checked={selected} onCheckedChange={(checked) => onSelect(checked === true)} aria-label={t('gallery.select', { name: model.name })} />
							{t('gallery.compare')}
						</Flex>
					</Text>
					{affordable ? (
						<Link to={testUrl([model.modelId], 'single', model.category)} aria-label={t('gallery.testName', { name: model.name })} data-accent-color="" className={buttonClassName('rt-Button')}>
							{t('gallery.test')}
						</Link>
					) : (
						<Tooltip content={t('gallery.notEnough')}>
							<Button size="2" disabled aria-label={t('gallery.testName', { name: model.name })}>
								{t('gallery.test')}
							</Button>
						</Tooltip>
					)}
				</Flex>
			</Flex>
		</Card>
	)
}
