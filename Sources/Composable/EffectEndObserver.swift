/// A clock that wants to hear when an effect of a store sleeping on it has ended.
///
/// `TestClock` is one: after waking a sleep it waits until the woken work sleeps again or
/// its effect ends, and this is how it learns of the end without waiting on real time.
///
/// ```swift
/// final class CountingClock: EffectEndObserver { func effectEnded() { ended += 1 } ... }
/// ```
package protocol EffectEndObserver: Sendable {
    /// Called on the main actor each time an effect of a store using this clock ends.
    func effectEnded()
}
