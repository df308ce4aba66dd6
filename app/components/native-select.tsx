import './native-select.css'

type NativeSelectProps = Omit<React.ComponentProps<'select'>, 'size'> & {
	options: ReadonlyArray<{ value: string; label: string }>
}

/**
 * A native <select> in the look of Radix Themes' small surface select. For long lists of rows (one per
 * table row): it renders its value on the server (Radix Select shows it only after hydration) and
 * costs a fraction of Radix Select's render.
 */
export function NativeSelect({ options, className, ...props }: NativeSelectProps) {
	return (
		<select {...props} className={`native-select${className ? ` ${className}` : ''}`}>
			{options.map((option) => (
				<option key={option.value} value={option.value}>
					{option.label}
				</option>
			))}
		</select>
	)
}
