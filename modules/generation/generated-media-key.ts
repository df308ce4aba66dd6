// Pure (the creator uses it too): the stored key of a model test's image or video (ADR 0068).

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'

/** A generated file's key as the model test stores it: images/<uuid>.jpg or videos/<uuid>.mp4|webm. */
export const GENERATED_MEDIA_KEY = new RegExp(`^(?:images/${UUID}\\.jpg|videos/${UUID}\\.(?:mp4|webm))$`)

/** A model test's video as its /media/ path: videos/<uuid>.mp4|webm. */
export const APP_VIDEO_PATH = new RegExp(`^/media/videos/${UUID}\\.(?:mp4|webm)$`)

export function isAppVideoPath(value: unknown): value is string {
	return typeof value === 'string' && APP_VIDEO_PATH.test(value)
}
