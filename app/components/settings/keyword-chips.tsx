import { Button, IconButton, TextField } from '@radix-ui/themes'
import { Badge, Flex, Text } from '#app/components/ui/lean.tsx'
import { Plus, X } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { MAX_KEYWORD_LENGTH, MAX_KEYWORDS, normaliseKeyword } from '#modules/news/schema.ts'
import '#locales/ns/settings.ts'

/**
 * Keywords as chips with add and remove; a new keyword is trimmed and lower-cased, a duplicate is
 * not added again, and 'Hinzufügen' stays disabled while the input is empty. Submitted as
 * `<name>[i]` fields of the surrounding form.
 */
export function KeywordChips({ name, label, keywords, onChange }: { name: string; label: string; keywords: Array<string>; onChange: (next: Array<string>) => void }) {
	const { t } = useTranslation('settings')
	const [draft, setDraft] = useState('')
	const next = normaliseKeyword(draft)
	const inputId = `${name}-input`

	function add() {
		if (!next) return
		if (!keywords.includes(next) && keywords.length < MAX_KEYWORDS) onChange([...keywords, next])
		setDraft('')
	}

	return (
		<Flex direction="column" gap="2" data-testid={`keywords-${name}`}>
			<Text as="label" htmlFor={inputId} size="2" weight="medium">
				{label}
			</Text>
			<Flex gap="2" wrap="wrap" aria-live="polite">
				{keywords.length === 0 ? (
					<Text size="2" color="gray">
						{t('content.none')}
					</Text>
				) : null}
				{keywords.map((keyword, index) => (
					<Badge key={keyword} size="2" variant="soft" radius="full" data-testid="keyword-chip">
						<input type="hidden" name={`${name}[${index}]`} value={keyword} />
						{keyword}
						<IconButton type="button" size="1" variant="ghost" radius="full" aria-label={t('content.remove', { keyword })} onClick={() => onChange(keywords.filter((k) => k !== keyword))}>
							<X size={12} />
						</IconButton>
					</Badge>
				))}
			</Flex>
			<Flex gap="2">
				<TextField.Root
					id={inputId}
					value={draft}
					maxLength={MAX_KEYWORD_LENGTH}
					placeholder={t('content.keywordPlaceholder')}
					onChange={(event) => setDraft(event.target.value)}
					onKeyDown={(event) => {
						if (event.key !== 'Enter') return
						event.preventDefault()
						add()
					}}
					style={{ flex: 1 }}
				/>
				<Button type="button" variant="soft" disabled={!next} onClick={add} aria-label={`${t('content.add')}: ${label}`}>
					<Plus size={16} /> {t('content.add')}
				</Button>
			</Flex>
		</Flex>
	)
}
