import { Button, Callout, Dialog, Flex, Grid, ScrollArea, Text } from '@radix-ui/themes'
import { AlertTriangle, Check, ExternalLink, FileText, Plus, Upload } from 'lucide-react'
import { useRef, useState } from 'react'
import { DOCUMENT_SLIDES_MAX } from '#modules/content/document-schema.ts'
import type { EditedSlide, PostDocumentView } from '#modules/content/index.ts'
import { usePlatforms } from '#app/utils/use-platforms.ts'
import { useTranslation } from '#app/utils/use-translation.ts'
import type { BoardItem } from '../board-items.ts'
import { SlideEditor, SlidePreview } from './slide-card.tsx'
import { useDocumentEditor } from './use-document-editor.ts'
import { usePdfUpload } from './use-pdf-upload.ts'
import '#locales/ns/postDocument.ts'

// 'Als PDF-Dokument' in the editor (issue 39 item 4, ADR 0055): for a post that goes to a network taking
// PDF documents (its descriptor's media.document), the post's slides as cards in the brand's colours,
// edited, previewed and saved as the post's document; or an uploaded PDF attached instead.

/** The button that opens the dialog; nothing for a draft, a published post or one without such a network. */
export function DocumentButton({ item }: { item: BoardItem }) {
	const { t } = useTranslation('postDocument')
	const [open, setOpen] = useState(false)
	const takesDocuments = usePlatforms().some((p) => item.platforms.includes(p.id) && p.media.document?.types.includes('application/pdf'))
	if (item.kind !== 'post' || item.status === 'published' || !takesDocuments) return null
	return (
		<>
			<Button type="button" variant="soft" onClick={() => setOpen(true)} data-testid="document-open">
				<FileText size={14} aria-hidden /> {t('open')}
			</Button>
			{open ? <DocumentDialog postId={item.id} onClose={() => setOpen(false)} /> : null}
		</>
	)
}

const blankSlide = (): EditedSlide => ({ kind: 'content', heading: '', body: [], list: null })

function DocumentDialog({ postId, onClose }: { postId: string; onClose: () => void }) {
	const { t } = useTranslation('postDocument')
	const state = useDocumentEditor(postId)
	const upload = usePdfUpload(state.editor, state.attach)
	const [previewing, setPreviewing] = useState(false)
	const fileInput = useRef<HTMLInputElement>(null)
	const { editor, slides } = state
	const change = (index: number, slide: EditedSlide) => state.setSlides((current) => current.map((s, n) => (n === index ? slide : s)))
	const remove = (index: number) => state.setSlides((current) => current.filter((_, n) => n !== index))
	const add = () => state.setSlides((current) => [...current, blankSlide()])
	const refusal = upload.error ?? state.refusal
	return (
		<Dialog.Root open onOpenChange={(open) => (open ? null : onClose())}>
			<Dialog.Content maxWidth="760px" data-testid="document-dialog">
				<Dialog.Title>{t('title')}</Dialog.Title>
				<Dialog.Description size="2" color="gray" mb="3">
					{t('description', { networks: editor?.networks.join(', ') ?? '' })}
				</Dialog.Description>
				{refusal ? <Notice color="red" role="alert" icon={<AlertTriangle size={16} />} text={refusal} testId="document-refusal" /> : null}
				{state.loadFailed ? <Notice color="red" role="alert" icon={<AlertTriangle size={16} />} text={t('loadFailed')} testId="document-load-failed" /> : null}
				{state.document ? <SavedDocument document={state.document} justSaved={state.justSaved} /> : null}
				{!editor || !slides ? (
					<Text size="2" color="gray">
						{t('loading')}
					</Text>
				) : (
					<ScrollArea type="auto" scrollbars="vertical" style={{ maxHeight: '55vh' }}>
						<Grid columns={{ initial: '1', sm: '2' }} gap="3" pr="3">
							{slides.map((slide, index) =>
								previewing ? (
									<SlidePreview key={index} slide={slide} index={index} count={slides.length} look={editor.look} />
								) : (
									<SlideEditor key={index} slide={slide} index={index} count={slides.length} look={editor.look} onChange={(next) => change(index, next)} onRemove={slides.length > 1 ? () => remove(index) : null} />
								),
							)}
						</Grid>
						{!previewing && slides.length < DOCUMENT_SLIDES_MAX ? (
							<Button type="button" variant="soft" mt="3" onClick={add}>
								<Plus size={14} aria-hidden /> {t('addSlide')}
							</Button>
						) : null}
					</ScrollArea>
				)}
				<input ref={fileInput} type="file" accept="application/pdf,.pdf" hidden data-testid="document-file" onChange={(event) => {
					const file = event.target.files?.[0]
					event.target.value = ''
					if (file) void upload.upload(file)
				}} />
				<Flex gap="3" justify="between" mt="4" wrap="wrap">
					<Button type="button" variant="soft" color="gray" loading={upload.uploading} disabled={!editor || state.busy} onClick={() => fileInput.current?.click()}>
						<Upload size={14} aria-hidden /> {upload.uploading ? t('uploading') : t('upload')}
					</Button>
					<Flex gap="3" wrap="wrap">
						<Dialog.Close>
							<Button type="button" variant="soft" color="gray">
								{t('close')}
							</Button>
						</Dialog.Close>
						<Button type="button" variant="soft" disabled={!slides} onClick={() => setPreviewing((on) => !on)}>
							{previewing ? t('edit') : t('preview')}
						</Button>
						<Button type="button" loading={state.busy} disabled={!slides?.length || upload.uploading} onClick={() => slides && void state.save(slides)}>
							{t('save')}
						</Button>
					</Flex>
				</Flex>
			</Dialog.Content>
		</Dialog.Root>
	)
}

function SavedDocument({ document, justSaved }: { document: PostDocumentView; justSaved: boolean }) {
	const { t } = useTranslation('postDocument')
	return (
		<Callout.Root color={justSaved ? 'green' : 'gray'} mb="3" data-testid="document-saved">
			<Callout.Icon>{justSaved ? <Check size={16} /> : <FileText size={16} />}</Callout.Icon>
			<Callout.Text>
				{justSaved ? `${t('saved')} ` : null}
				{t('current', { title: document.title, pages: t('pages', { count: document.pages }) })} ({document.source === 'upload' ? t('fromUpload') : t('fromSlides')}){' '}
				<a href={document.url} target="_blank" rel="noreferrer">
					{t('openPdf')} <ExternalLink size={12} aria-hidden />
				</a>
			</Callout.Text>
		</Callout.Root>
	)
}

function Notice({ color, role, icon, text, testId }: { color: 'red'; role: 'alert'; icon: React.ReactNode; text: string; testId: string }) {
	return (
		<Callout.Root color={color} role={role} mb="3" data-testid={testId}>
			<Callout.Icon>{icon}</Callout.Icon>
			<Callout.Text>{text}</Callout.Text>
		</Callout.Root>
	)
}
