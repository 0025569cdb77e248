//! Where the time comes from: `std::time::Instant` natively, `performance.now()`
//! in wasm (a page or a Worker alike).

use std::hint::black_box;

/// A monotonic clock read twice per timed run.
pub trait Clock {
    /// Nanoseconds since an arbitrary, fixed origin.
    fn now_ns(&self) -> f64;
}

/// The platform's monotonic clock.
#[cfg(not(target_arch = "wasm32"))]
pub struct SystemClock {
    origin: std::time::Instant,
}

#[cfg(not(target_arch = "wasm32"))]
impl SystemClock {
    pub fn new() -> Self {
        Self {
            origin: std::time::Instant::now(),
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Default for SystemClock {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Clock for SystemClock {
    fn now_ns(&self) -> f64 {
        self.origin.elapsed().as_nanos() as f64
    }
}

#[cfg(target_arch = "wasm32")]
mod performance {
    use wasm_bindgen::prelude::wasm_bindgen;

    #[wasm_bindgen]
    extern "C" {
        // `performance` is a global in windows and workers alike; `window` is not.
        #[wasm_bindgen(js_namespace = performance, js_name = now)]
        pub fn performance_now() -> f64;
    }
}

/// `performance.now()`: fine-grained only when the page is cross-origin isolated.
#[cfg(target_arch = "wasm32")]
#[derive(Default)]
pub struct SystemClock;

#[cfg(target_arch = "wasm32")]
impl SystemClock {
    pub fn new() -> Self {
        Self
    }
}

#[cfg(target_arch = "wasm32")]
impl Clock for SystemClock {
    fn now_ns(&self) -> f64 {
        performance::performance_now() * 1e6
    }
}

/// The timed loop: one clock read before and one after; each result goes through
/// `black_box` and is dropped inside the loop, as real code drops it.
#[inline]
pub fn time_loop<R>(clock: &dyn Clock, iterations: u64, op: &mut impl FnMut() -> R) -> f64 {
    let start = clock.now_ns();
    for _ in 0..iterations {
        black_box(op());
    }
    clock.now_ns() - start
}
