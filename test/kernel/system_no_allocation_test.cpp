// docs/architecture.md §D3: no heap allocation inside an evaluation. Global operator new/delete are replaced by
// counting versions for this whole executable; they count only while `counting` is on. Eigen's
// dynamic vectors allocate with std::malloc, not operator new, so malloc, calloc, realloc,
// aligned_alloc and posix_memalign are counted too (forwarded to glibc's own __libc_* allocator),
// except under a sanitizer, which owns malloc.
#include <atomic>
#include <boost/test/unit_test.hpp>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <memory>
#include <new>

#include "kernel/test_support.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/steppers/odeint_steppers.hpp"
#include "ramus/systems/central_body_gravity.hpp"
#include "ramus/systems/external_force_torque.hpp"

namespace {
std::atomic<bool> counting{false};
std::atomic<long> news{0};     // operator new calls while counting
std::atomic<long> mallocs{0};  // malloc-family calls while counting (operator new's included)

void* counted_new(std::size_t size) {
  if (counting.load(std::memory_order_relaxed)) news.fetch_add(1, std::memory_order_relaxed);
  if (size == 0) size = 1;
  return std::malloc(size);
}
void* counted_new_aligned(std::size_t size, std::align_val_t al) {
  if (counting.load(std::memory_order_relaxed)) news.fetch_add(1, std::memory_order_relaxed);
  const auto a = static_cast<std::size_t>(al);
  return std::aligned_alloc(a, (size + a - 1) / a * a + (size == 0 ? a : 0));
}
// Out of line, so that the compiler does not see new[] paired with free() (-Wmismatched-new-delete).
[[gnu::noinline]] void release(void* p) noexcept { std::free(p); }
}  // namespace

void* operator new(std::size_t n) {
  if (void* p = counted_new(n)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) {
  if (void* p = counted_new(n)) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t n, const std::nothrow_t&) noexcept { return counted_new(n); }
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return counted_new(n); }
void* operator new(std::size_t n, std::align_val_t a) {
  if (void* p = counted_new_aligned(n, a)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n, std::align_val_t a) {
  if (void* p = counted_new_aligned(n, a)) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return counted_new_aligned(n, a);
}
void* operator new[](std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return counted_new_aligned(n, a);
}
void operator delete(void* p) noexcept { release(p); }
void operator delete[](void* p) noexcept { release(p); }
void operator delete(void* p, std::size_t) noexcept { release(p); }
void operator delete[](void* p, std::size_t) noexcept { release(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { release(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { release(p); }
void operator delete(void* p, std::align_val_t) noexcept { release(p); }
void operator delete[](void* p, std::align_val_t) noexcept { release(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { release(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { release(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { release(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { release(p); }

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define RAMUS_TEST_COUNT_MALLOC 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define RAMUS_TEST_COUNT_MALLOC 0
#endif
#endif
#if !defined(RAMUS_TEST_COUNT_MALLOC) && defined(__GLIBC__)
#define RAMUS_TEST_COUNT_MALLOC 1
#endif
#ifndef RAMUS_TEST_COUNT_MALLOC
#define RAMUS_TEST_COUNT_MALLOC 0
#endif

#if RAMUS_TEST_COUNT_MALLOC
// glibc's allocator under its own names: memory from either side is freed by the other.
extern "C" {
void* __libc_malloc(std::size_t);
void* __libc_calloc(std::size_t, std::size_t);
void* __libc_realloc(void*, std::size_t);
void* __libc_memalign(std::size_t, std::size_t);
void __libc_free(void*);

static void count_malloc() {
  if (counting.load(std::memory_order_relaxed)) mallocs.fetch_add(1, std::memory_order_relaxed);
}
void* malloc(std::size_t n) noexcept {
  count_malloc();
  return __libc_malloc(n);
}
void* calloc(std::size_t k, std::size_t n) noexcept {
  count_malloc();
  return __libc_calloc(k, n);
}
void* realloc(void* p, std::size_t n) noexcept {
  count_malloc();
  return __libc_realloc(p, n);
}
void* aligned_alloc(std::size_t a, std::size_t n) noexcept {
  count_malloc();
  return __libc_memalign(a, n);
}
int posix_memalign(void** out, std::size_t a, std::size_t n) noexcept {
  count_malloc();
  void* p = __libc_memalign(a, n);
  if (p == nullptr) return ENOMEM;
  *out = p;
  return 0;
}
void free(void* p) noexcept { __libc_free(p); }
}
#endif

namespace {

using namespace ramus;

struct Counted {
  long news = 0, mallocs = 0;
};

template <class F>
Counted count_allocations(F&& f) {
  news = 0;
  mallocs = 0;
  counting = true;
  f();
  counting = false;
  return {news.load(), mallocs.load()};
}

/// Hub with r_BcB_B ≠ 0, an ExternalForceTorque with time profiles and J2 gravity.
std::shared_ptr<Model> loaded_hub() {
  auto model = std::make_shared<Model>();
  Eigen::Matrix3d I;
  I << 120.0, 3.0, -2.0, 3.0, 150.0, 1.0, -2.0, 1.0, 90.0;
  Vehicle& v = model->add_vehicle("sc", test::hub_config(500.0, I, {0.3, -0.1, 0.2}));
  ExternalForceTorqueConfig c;
  c.force_F = {Eigen::Vector3d(1.0, 0.0, -0.5), units::si::newton};
  c.force_N = {Eigen::Vector3d(0.0, 0.2, 0.0), units::si::newton};
  c.torque_PntF_F = {Eigen::Vector3d(0.01, 0.02, -0.01), units::newton_meter};
  auto load = std::make_shared<ExternalForceTorque>("load", c);
  // Captureless, and capturing one double by value: 8 bytes, trivially copyable, so libstdc++'s
  // std::function stores it in its small buffer (no heap). The std::function is built here,
  // before counting; an evaluation only calls it.
  load->set_torque_PntF_F_profile([](double t) { return Eigen::Vector3d(0.0, 0.0, 1e-3 * std::sin(t)); });
  const double amplitude = 0.5;
  load->set_force_N_profile([amplitude](double t) { return Eigen::Vector3d(amplitude * std::cos(t), 0.0, 0.0); });
  v.add_dynamic_effector(load);
  v.set_initial_state(test::initial_state({7.0e6, 0.0, 1.0e6}, {0.0, 7.5e3, 0.0},
                                          Quaternion(0.9, 0.1, -0.3, 0.3).normalized(), {0.01, -0.02, 0.03}));
  model->set_gravity(std::make_shared<CentralBodyGravity>(CentralBodyGravity::earth(true)));
  model->finalize();
  return model;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(no_allocation)

BOOST_AUTO_TEST_CASE(counters_see_allocations) {
  // The counters must be able to fail: a vector and an Eigen::VectorXd allocate.
  const Counted c = count_allocations([] {
    auto p = std::make_unique<double[]>(100);
    Eigen::VectorXd v(100);
    v.setZero();
    p[0] = v[0];
  });
  BOOST_TEST(c.news >= 1);
  if (RAMUS_TEST_COUNT_MALLOC) BOOST_TEST(c.mallocs >= 2);
}

BOOST_AUTO_TEST_CASE(right_hand_side_does_not_allocate) {
  const auto model = loaded_hub();
  const System system(model);
  Eigen::VectorXd x = model->initial_state();
  Eigen::VectorXd dxdt(x.size());
  for (int k = 0; k < 3; ++k) system(x, dxdt, 0.0);  // warm-up
  double sum = 0.0;
  const Counted c = count_allocations([&] {
    for (int k = 0; k < 10000; ++k) {
      system(x, dxdt, 0.01 * k);
      sum += dxdt[10];
    }
  });
  BOOST_TEST(std::isfinite(sum));
  BOOST_TEST(c.news == 0);
  BOOST_TEST(c.mallocs == 0);
}

BOOST_AUTO_TEST_CASE(rk4_steps_do_not_allocate) {
  namespace ode = boost::numeric::odeint;
  const auto model = loaded_hub();
  const System system(model);
  Eigen::VectorXd x = model->initial_state();
  ode::runge_kutta4<Eigen::VectorXd, double, Eigen::VectorXd, double, ode::vector_space_algebra> rk4;
  double t = 0.0;
  const double dt = 0.1;
  rk4.do_step(std::ref(system), x, t, dt);  // the first step sizes the stepper's buffers
  t += dt;
  const Counted c = count_allocations([&] {
    for (int k = 0; k < 1000; ++k, t += dt) rk4.do_step(std::ref(system), x, t, dt);
  });
  BOOST_TEST(x.allFinite());
  BOOST_TEST(c.news == 0);
  BOOST_TEST(c.mallocs == 0);
}

BOOST_AUTO_TEST_SUITE_END()
