import { Button } from '@radix-ui/themes'
import { Upload } from 'lucide-react'
import { forwardRef, useImperativeHandle, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react'
import { Flex, Text } from '#app/components/ui/lean.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className' | 'style'> & {
	id: string
	/** The button's text (default "Datei auswählen"). */
	buttonLabel?: string
	/** The chosen file's name when the caller keeps it (else the input's own file); null: none chosen. */
	fileName?: string | null
	icon?: ReactNode
	/** The caller shows the chosen file itself (e.g. with its size): only "Keine Datei ausgewählt" is said here. */
	hideChosenName?: boolean
}

/**
 * A file input with a German face: the browser's own input would say "Choose File" / "No file
 * chosen" in the browser's language. The native input stays in the page, visually hidden, so it
 * keeps its label, its form field and keyboard access (Tab, then Enter or Space opens the picker);
 * the visible button opens it for the mouse and shows the input's focus ring.
 */
export const FileButton = forwardRef<HTMLInputElement, Props>(function FileButton({ id, buttonLabel, fileName, icon, hideChosenName, onChange, disabled, ...input }, ref) {
	const { t } = useTranslation()
	const own = useRef<HTMLInputElement>(null)
	useImperativeHandle(ref, () => own.current!, [])
	const [picked, setPicked] = useState<string | null>(null)
	const shown = fileName !== undefined ? fileName : picked
	const statusId = `${id}-file-status`
	return (
		<Flex gap="3" align="center" wrap="wrap" className="file-button" style={{ position: 'relative' }}>
			<input
				{...input}
				ref={own}
				id={id}
				type="file"
				disabled={disabled}
				className="visually-hidden file-button-input"
				aria-describedby={[input['aria-describedby'], statusId].filter(Boolean).join(' ')}
				onChange={(event) => {
					setPicked(event.currentTarget.files?.[0]?.name ?? null)
					onChange?.(event)
				}}
			/>
			<Button type="button" variant="surface" tabIndex={-1} aria-hidden disabled={disabled} className="file-button-face" onClick={() => own.current?.click()}>
				{icon ?? <Upload size={16} aria-hidden />} {buttonLabel ?? t('fileButton.choose')}
			</Button>
			<Text id={statusId} size="2" color="gray" data-testid="file-button-status">
				{shown ? (hideChosenName ? null : t('fileButton.chosen', { name: shown })) : t('fileButton.none')}
			</Text>
		</Flex>
	)
})
