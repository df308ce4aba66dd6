import { Slider } from 'radix-ui'

/**
 * Radix Themes' Slider with a name on its handle: the kit's Slider gives its thumb (role "slider",
 * the element screen readers and axe look at) no label and passes none through, so this builds
 * the same markup from the Radix primitive with the kit's classes (size 2, surface).
 */
export function LabelledSlider({
	value,
	min,
	max,
	step,
	labelledBy,
	onValueChange,
}: {
	value: number
	min: number
	max: number
	step: number
	/** The id of the visible label. */
	labelledBy: string
	onValueChange: (value: number) => void
}) {
	return (
		<Slider.Root className="rt-SliderRoot rt-r-size-2 rt-variant-surface" value={[value]} min={min} max={max} step={step} onValueChange={([next]) => onValueChange(next ?? value)}>
			<Slider.Track className="rt-SliderTrack">
				<Slider.Range className="rt-SliderRange" />
			</Slider.Track>
			<Slider.Thumb className="rt-SliderThumb" aria-labelledby={labelledBy} />
		</Slider.Root>
	)
}
