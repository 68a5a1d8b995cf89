import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded when the first image is made (an upload, the demo seed's pictures) instead of with the server: its
 * native library (libvips) is 13 MB of resident memory in a process that may never see an image (issue 33,
 * docs/decisions/082). One libvips thread per image: the uploads' queue (uploads/image.ts) decides how many run.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}
