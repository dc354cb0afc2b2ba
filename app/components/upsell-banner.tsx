/** The yellow banner both upsell pages open with: the order is not finished, stay on the page. */
export function UpsellBanner({ banner }: { banner: { heading: string; text: string } }) {
  return (
    <div role="note" className="border-b-4 border-yellow-500 bg-yellow-200 px-4 py-4 text-center text-slate-900">
      <p className="text-lg font-extrabold">{banner.heading}</p>
      <p className="mx-auto mt-1 max-w-3xl">{banner.text}</p>
    </div>
  );
}
