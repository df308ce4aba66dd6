// The user's material before any AI sees it: what an upload is (judged by its content), its
// conversion (images to JPEG, documents and recordings checked and read), the creator's kinds of
// input with their limits, and the port for reading the open web (adapters/web implements it).
// Videos are probed, transcoded and cover-framed by the shipped ffmpeg (ADR 0051); an uploaded one is
// made publishable by the media_process job (one variant, a cover, a thumbnail; ADR 0059). A post's text becomes
// a deck of slides and a PDF for LinkedIn's document posts (ADR 0055).
// Server side: this pulls in sharp and the document parsers. Browser code imports ./kinds.ts,
// ./sniff.ts, ./errors.ts, ./slides/split.ts and ./slides/theme.ts directly.
export { coverFrame, type CoverOptions } from './cover-frame.server.ts'
export { probeVideo, type VideoFacts } from './probe-video.server.ts'
export { transcodeVideo, type TranscodeOptions, type VideoTarget } from './transcode-video.server.ts'
export { videoTools, type VideoTools } from './video-tools.server.ts'
export { remuxVideo } from './remux-video.server.ts'
export { fitsTarget, publishableVideoTarget, targetFor, targetRule, type PublishableTarget, type VideoRuleFigures } from './transcode-target.ts'
export { MEDIA_TOPIC, variantKeyOf, type MediaSettledHook, type SettledUpload } from './media-process.server.ts'
export { mediaProcessJob } from './media-jobs.ts'
export { processedMediaOf, type ProcessedMedia } from './processed-media.server.ts'
export { COVER_LIMIT, type CoverChoice, type CoverOutcome, type CoverRefusal } from './choose-cover.server.ts'
export type { MediaUrlFetch, UrlImportOutcome, UrlRefusal } from './media-url.server.ts'
export { createMediaUploads, type GeneratedVideo, type MediaUploads, type StoredMedia, type UploadedMediaKind, type UploadInput, type UploadLimits, type UploadOutcome, type UploadRefusal } from './uploads.server.ts'
export { readAudio, readWav, type AudioFormat, type WavInfo } from './audio.server.ts'
export { documentTitle, normaliseText, readDocument, type UploadedFile } from './documents.server.ts'
export { InputError, type InputErrorCode } from './errors.ts'
export { fitJpeg, labelAsAiGenerated, readImage, reencodeImage, type ReadImage } from './images.server.ts'
export { isLabelledAiGenerated } from './ai-label.server.ts'
export { isImageType, sniff, zipEntries, type ImageType, type SniffedType, type ZipEntry } from './sniff.ts'
export { imageSize, type ImageSize } from './image-size.ts'
export { prepareImage, storedImageSize, variantKeyOfImage, type ImageRule, type ImageSource, type PreparedImage } from './image-variant.server.ts'
export { aspectLabel, cropBox, fittedSize, padBox, targetAspect, type ImageFit } from './image-fit.ts'
export { splitIntoSlides, type Slide, type SplitOptions } from './slides/split.ts'
export { defaultSlideTheme, slideThemeOf, type BrandLook, type SlideTheme } from './slides/theme.ts'
export { renderSlidesPdf, SlideTooLongError, type RenderOptions } from './slides/render.server.ts'
export { countPdfPages } from './pdf-pages.server.ts'
export { findOwnUpload, type OwnUpload } from './own-upload.server.ts'
export {
	AUDIO_MAX_BYTES,
	DOCUMENT_ACCEPT,
	DOCUMENT_MAX_BYTES,
	IMAGE_ACCEPT,
	IMAGE_MAX_BYTES,
	LOGO_MAX_BYTES,
	MB,
	MEDIA_KINDS,
	NOTES_MAX,
	PROMPT_MAX,
	SOURCE_TEXT_MAX,
	isMediaKind,
	isWebUrl,
	youtubeVideoId,
	type MediaKind,
} from './kinds.ts'
export { WebReadError, type Article, type WebReader, type WebReadErrorCode, type YoutubeVideo } from './web-reader.ts'
