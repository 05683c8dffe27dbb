/* global AudioWorkletProcessor, registerProcessor */
// Runs on the audio rendering thread: posts a copy of every 128-sample block of the microphone's
// first channel to the page, which keeps them until the take is encoded. Plain JS served as a file of
// its own: AudioWorklet.addModule loads a URL, and the page's CSP allows only same-origin scripts.
class CaptureProcessor extends AudioWorkletProcessor {
  process(inputs) {
    const channel = inputs[0] && inputs[0][0];
    if (channel && channel.length) this.port.postMessage(channel.slice(0));
    return true;
  }
}
registerProcessor('castbook-capture', CaptureProcessor);
