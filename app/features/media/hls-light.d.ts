// hls.js's light build (no subtitles/alt-audio/EME) has the same API as the full one; its package gives no
// types for the file itself.
declare module 'hls.js/dist/hls.light.mjs' {
  import Hls from 'hls.js';
  export default Hls;
}
