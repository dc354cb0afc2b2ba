/**
 * The whole document a visitor gets while the database is out of reach (503). Static: no
 * scripts, no data, nothing about the cause, so it renders even when nothing else can.
 */
export const SERVICE_UNAVAILABLE_RETRY_SECONDS = 15;

export function ServiceUnavailablePage({ stylesheet, brand }: { stylesheet: string; brand: string }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`Back in a moment | ${brand}`}</title>
        <link rel="stylesheet" href={stylesheet} />
      </head>
      <body className="min-h-screen">
        <main className="mx-auto max-w-xl px-4 py-24 text-center">
          <h1 className="text-2xl font-bold">We&rsquo;ll be right back</h1>
          <p className="mt-3 text-slate-600">
            {brand} is briefly unavailable while we fix a technical problem. Nothing you have bought or saved is lost.
            Please try again in a minute.
          </p>
          <a href="/" className="mt-6 inline-block font-semibold text-brand-600 underline">
            Back to home
          </a>
        </main>
      </body>
    </html>
  );
}
