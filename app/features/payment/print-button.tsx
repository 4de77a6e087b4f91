// Prints the page (the receipt). Without JavaScript the browser's own Print does the same.
export function PrintButton({ className }: { className: string }) {
  return (
    <button type="button" className={className} onClick={() => window.print()}>
      Print
    </button>
  );
}
