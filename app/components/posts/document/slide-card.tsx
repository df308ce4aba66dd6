import { Button, Flex, Text, TextArea, TextField } from '@radix-ui/themes'
import { Trash2 } from 'lucide-react'
import type { EditedSlide, SlideLook } from '#modules/content/index.ts'
import { useTranslation } from '#app/utils/use-translation.ts'
import '#locales/ns/postDocument.ts'

// One slide of a post's document as a square card in the brand's colours: editable (heading and one
// line per point) or as the page will read ('Vorschau'). The closing slide takes the accent as background.

type CardProps = { slide: EditedSlide; index: number; count: number; look: SlideLook }

function colours(slide: EditedSlide, look: SlideLook) {
	return slide.kind === 'closing' ? { background: look.accent, color: look.background, accent: look.background } : { background: look.background, color: look.text, accent: look.accent }
}

export function SlidePreview({ slide, index, count, look }: CardProps) {
	const { t } = useTranslation('postDocument')
	const { background, color, accent } = colours(slide, look)
	return (
		<figure className="slide-card" data-testid="slide-preview" style={{ background, color, aspectRatio: '1 / 1', margin: 0, padding: '8%', borderRadius: 8, display: 'flex', flexDirection: 'column', gap: 8, overflow: 'hidden' }}>
			<div aria-hidden style={{ background: accent, width: '12%', height: 6, borderRadius: 3 }} />
			{slide.heading ? <strong style={{ fontSize: slide.kind === 'title' ? '1.4em' : '1.15em', lineHeight: 1.2 }}>{slide.heading}</strong> : null}
			{slide.body.length ? (
				<ul style={{ margin: 0, paddingLeft: slide.list === 'bullet' ? '1.2em' : 0, listStyle: slide.list === 'bullet' ? 'disc' : 'none' }}>
					{slide.body.map((line, n) => (
						<li key={n} style={{ fontSize: '0.9em' }}>
							{line}
						</li>
					))}
				</ul>
			) : null}
			<figcaption style={{ marginTop: 'auto', display: 'flex', justifyContent: 'space-between', fontSize: '0.75em', color: accent }}>
				<span>{look.name}</span>
				<span>
					{index + 1} / {count}
					{index === 0 && count > 1 ? ` · ${t('swipe')}` : null}
				</span>
			</figcaption>
		</figure>
	)
}

export function SlideEditor({ slide, index, count, look, onChange, onRemove }: CardProps & { onChange: (slide: EditedSlide) => void; onRemove: (() => void) | null }) {
	const { t } = useTranslation('postDocument')
	const { background, color } = colours(slide, look)
	const label = t('slide', { number: index + 1, total: count })
	return (
		<Flex direction="column" gap="2" p="3" role="group" aria-label={label} data-testid="slide-editor" style={{ background, color, borderRadius: 8, border: `2px solid ${look.accent}` }}>
			<Flex justify="between" align="center">
				<Text size="2" weight="bold">
					{label}
				</Text>
				{onRemove ? (
					<Button type="button" size="1" variant="soft" color="red" onClick={onRemove}>
						<Trash2 size={14} aria-hidden /> {t('removeSlide')}
					</Button>
				) : null}
			</Flex>
			<TextField.Root aria-label={`${label}: ${t('heading')}`} placeholder={t('heading')} value={slide.heading} maxLength={200} onChange={(event) => onChange({ ...slide, heading: event.target.value })} />
			<TextArea
				aria-label={`${label}: ${t('body')}`}
				placeholder={t('body')}
				rows={4}
				value={slide.body.join('\n')}
				onChange={(event) => onChange({ ...slide, body: event.target.value.split('\n') })}
			/>
		</Flex>
	)
}
