import { z } from 'zod'

// The slides of a post's LinkedIn document as the editor sends them back (ADR 0055): pure and shared
// with the browser's slide cards. The figures leave room over the splitter's own (heading 140, body 300
// characters per slide, 20 slides); whether an edited slide fits its page the renderer says.

export const DOCUMENT_SLIDES_MAX = 20
export const SLIDE_HEADING_MAX = 200
export const SLIDE_BODY_MAX = 600
export const SLIDE_LINES_MAX = 12

export const SlideSchema = z.object({
	kind: z.enum(['title', 'content', 'closing']),
	heading: z.string().trim().max(SLIDE_HEADING_MAX),
	body: z.array(z.string().trim().min(1).max(SLIDE_BODY_MAX)).max(SLIDE_LINES_MAX),
	list: z.enum(['bullet', 'number']).nullable(),
})

export const SlidesSchema = z
	.array(SlideSchema)
	.min(1)
	.max(DOCUMENT_SLIDES_MAX)
	.refine((slides) => slides.every((slide) => slide.heading || slide.body.length), { message: 'empty slide' })

export type EditedSlide = z.infer<typeof SlideSchema>
