// The package ships no types; these are the parts of its README the mixer uses.
declare module 'signalsmith-stretch' {
  export interface StretchNode extends AudioWorkletNode {
    inputTime: number;
    start(when?: number): Promise<unknown>;
    stop(when?: number): Promise<unknown>;
    schedule(change: { output?: number; active?: boolean; rate?: number; semitones?: number }): Promise<unknown>;
    latency(): Promise<number>;
  }
  export default function SignalsmithStretch(context: BaseAudioContext, options?: AudioWorkletNodeOptions): Promise<StretchNode>;
}
