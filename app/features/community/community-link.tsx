/**
 * 'Join the Private Community' (decision 055): rendered only from a paid member's loader data,
 * so the invite link never reaches a visitor's page or the page cache.
 */
export function CommunityLink({ url, className }: { url: string; className: string }) {
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={className}>
      Join the Private Community
    </a>
  );
}
