// The copy-link page's QR code (issue #21): drawn on the server as SVG with the `qrcode` package, so the
// page carries no QR code JavaScript to the browser.
import QRCode from 'qrcode';

/** An SVG QR code of `text`: dark modules on white, whatever the colour mode, as scanners expect. */
export async function qrCodeSvg(text: string): Promise<string> {
  return QRCode.toString(text, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#000000', light: '#ffffff' },
  });
}
