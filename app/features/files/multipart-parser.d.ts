// @web3-storage/multipart-parser (the streaming parser Remix's own upload handlers use) ships its
// types outside its package.json "exports", so a Bundler resolution cannot find them: what
// uploads.server.ts uses of it, as the package documents it.
declare module "@web3-storage/multipart-parser" {
  export type StreamedPart = {
    name: string;
    filename?: string;
    contentType: string;
    data: AsyncIterable<Uint8Array>;
    done?: boolean;
  };
  export function streamMultipart(body: ReadableStream<Uint8Array>, boundary: string): AsyncGenerator<StreamedPart>;
}
