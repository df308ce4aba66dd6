import { Button } from '@radix-ui/themes'
import { Flex, Text } from '#app/components/ui/lean.tsx'
import { X } from 'lucide-react'
import { useId, useRef } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { FileButton } from '#app/components/ui/file-button.tsx'
import '#locales/ns/creator.ts'

export function formatBytes(bytes: number) {
	if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`
	return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`
}

/**
 * A labelled file input (a German button, ui/file-button.tsx). `onPick` checks the file and answers (now or later) whether to keep it; a refused
 * file leaves the input empty, so the same file can be picked again after fixing it.
 */
export function FileField({
	label,
	hint,
	accept,
	file,
	onPick,
	onRemove,
	preview,
}: {
	label: string
	hint: string
	accept: string
	file: File | null
	/** Whether to keep the file; a promise when the check takes a request (the creator's document). */
	onPick: (file: File) => boolean | Promise<boolean>
	onRemove: () => void
	preview?: React.ReactNode
}) {
	const { t } = useTranslation('creator')
	const id = useId()
	const input = useRef<HTMLInputElement>(null)
	return (
		<Flex direction="column" gap="1">
			<Text as="label" htmlFor={id} size="2" weight="medium">
				{label}
			</Text>
			<FileButton
				ref={input}
				id={id}
				accept={accept}
				fileName={file?.name ?? null}
				hideChosenName
				onChange={(event) => {
					const element = event.currentTarget
					const picked = element.files?.[0]
					if (!picked) return
					void Promise.resolve(onPick(picked)).then((keep) => {
						if (!keep && element.files?.[0] === picked) element.value = ''
					})
				}}
			/>
			<Text size="1" color="gray">
				{hint}
			</Text>
			{file ? (
				<Flex gap="2" align="center" wrap="wrap" data-testid="picked-file">
					{preview}
					<Text size="2">{t('input.fileInfo', { name: file.name, size: formatBytes(file.size) })}</Text>
					<Button
						type="button"
						size="1"
						variant="ghost"
						color="gray"
						onClick={() => {
							if (input.current) input.current.value = ''
							onRemove()
						}}
					>
						<X size={14} aria-hidden /> {t('input.removeFile')}
					</Button>
				</Flex>
			) : null}
		</Flex>
	)
}
