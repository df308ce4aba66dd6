import { Box, Button } from '@radix-ui/themes'
import { Flex, Text } from '#app/components/ui/lean.tsx'
import { ImageUp, Trash2 } from 'lucide-react'
import { useRef } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { useFetcher } from 'react-router'
import { toast } from '#app/components/toast.tsx'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import { LOGO_ACCEPT, LOGO_EXTENSIONS, LOGO_MAX_BYTES } from '#modules/agents/schema.ts'
import '#locales/ns/agents.ts'

/** Upload, replace and remove the brand logo. The browser checks name and size; the server checks the content. */
export function LogoUploader({ agentId, logoUrl }: { agentId: string; logoUrl: string | null }) {
	const { t } = useTranslation('agents')
	const input = useRef<HTMLInputElement>(null)
	const uploader = useFetcher()
	useFetcherNotice(uploader)
	const remover = useFetcher()
	useFetcherNotice(remover)
	const busy = uploader.state !== 'idle' || remover.state !== 'idle'

	function upload(file: File) {
		const extension = file.name.split('.').pop()?.toLowerCase() ?? ''
		if (!(LOGO_EXTENSIONS as ReadonlyArray<string>).includes(extension)) {
			toast.error(t('toasts.invalidFormat'), { description: t('toasts.invalidFormatText') })
			return
		}
		if (file.size > LOGO_MAX_BYTES) {
			toast.error(t('toasts.tooLarge'), { description: t('toasts.tooLargeText') })
			return
		}
		const form = new FormData()
		form.append('intent', 'upload-logo')
		form.append('agentId', agentId)
		form.append('logo', file)
		void uploader.submit(form, { method: 'post', encType: 'multipart/form-data' })
	}

	return (
		<Flex direction="column" gap="2" data-testid="logo-uploader">
			<Text size="2" weight="medium">
				{t('brand.logo')}
			</Text>
			<Flex gap="4" align="center" wrap="wrap">
				<Box
					style={{ width: 120, height: 80, borderRadius: 12, border: '1px dashed var(--gray-7)', display: 'grid', placeItems: 'center', overflow: 'hidden', background: 'var(--gray-2)' }}
				>
					{logoUrl ? (
						<img src={logoUrl} alt={t('brand.logoPreview')} data-testid="logo-preview" style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
					) : (
						<Text size="1" color="gray" align="center">
							{t('brand.noLogo')}
						</Text>
					)}
				</Box>
				<Flex direction="column" gap="2">
					<Flex gap="2">
						<Button variant="soft" loading={uploader.state !== 'idle'} disabled={busy} onClick={() => input.current?.click()}>
							<ImageUp size={16} aria-hidden /> {logoUrl ? t('brand.replace') : t('brand.upload')}
						</Button>
						{logoUrl ? (
							<Button
								variant="soft"
								color="red"
								loading={remover.state !== 'idle'}
								disabled={busy}
								onClick={() => void remover.submit({ intent: 'remove-logo', agentId }, { method: 'post' })}
							>
								<Trash2 size={16} aria-hidden /> {t('brand.remove')}
							</Button>
						) : null}
					</Flex>
					<Text size="1" color="gray">
						{t('brand.logoHint')}
					</Text>
				</Flex>
			</Flex>
			<input
				ref={input}
				type="file"
				accept={LOGO_ACCEPT}
				aria-label={t('brand.logoFile')}
				hidden
				onChange={(event) => {
					const file = event.target.files?.[0]
					// Cleared, so choosing the same file again is a change too.
					event.target.value = ''
					if (file) upload(file)
				}}
			/>
		</Flex>
	)
}
