/**
 * Browser helpers for videos and voice notes before they are uploaded: the poster frame the server
 * needs with a video (captured here, so no video tool is needed on the server) and the length of a
 * recording as the browser reads it.
 */

function loadVideo(file: Blob): Promise<{ video: HTMLVideoElement; done: () => void }> {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  video.src = url;
  const done = () => {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  };
  return new Promise((resolve, reject) => {
    video.onloadeddata = () => resolve({ video, done });
    video.onerror = () => {
      done();
      reject(new Error('This video could not be opened. Choose an MP4 or WebM video.'));
    };
  });
}

const once = (el: HTMLMediaElement, event: string) =>
  new Promise<void>((resolve) => el.addEventListener(event, () => resolve(), { once: true }));

/**
 * The length of a video or recording in milliseconds. A recording made in the browser (WebM from
 * MediaRecorder) reports an infinite duration until the player is sent far past its end.
 */
export async function readMediaDuration(file: Blob): Promise<number> {
  const { video, done } = await loadVideo(file);
  try {
    if (!Number.isFinite(video.duration)) {
      const changed = once(video, 'durationchange');
      video.currentTime = Number.MAX_SAFE_INTEGER;
      await changed;
    }
    return Math.round(video.duration * 1000);
  } finally {
    done();
  }
}

/** A JPEG of a frame near the start of the video (a quarter second in, or the middle of a shorter one), at most 1280 px wide. */
export async function capturePoster(file: Blob): Promise<Blob> {
  const { video, done } = await loadVideo(file);
  try {
    const at = Number.isFinite(video.duration) ? Math.min(0.25, video.duration / 2) : 0.25;
    const seeked = once(video, 'seeked');
    video.currentTime = at;
    await seeked;
    const scale = Math.min(1, 1280 / (video.videoWidth || 1280));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round((video.videoWidth || 640) * scale));
    canvas.height = Math.max(1, Math.round((video.videoHeight || 360) * scale));
    canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The video frame could not be captured'))), 'image/jpeg', 0.82),
    );
  } finally {
    done();
  }
}
