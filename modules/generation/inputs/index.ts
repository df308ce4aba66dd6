// Server side: this pulls in sharp and the document parsers. The browser imports ./sniff.ts and
// ./errors.ts directly.
export { readWav, type WavInfo } from './audio.server.ts'
export { documentTitle, normaliseText, readDocument, type UploadedFile } from './documents.server.ts'
export { InputError, type InputErrorCode } from './errors.ts'
export { fitJpeg, readImage, reencodeImage, toJpeg, type ReadImage } from './images.server.ts'
export { isImageType, sniff, zipEntries, type ImageType, type SniffedType, type ZipEntry } from './sniff.ts'
