/** A file from a multipart body. */
export class UploadedFile {
  constructor(
    readonly bytes: Buffer,
    readonly declaredType: string,
    readonly fileName: string,
  ) {}
}
