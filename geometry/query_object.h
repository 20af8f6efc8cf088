#pragma once

/// @file
/// QueryObject: the read-only view of a SceneGraph that a physics plant
/// queries every step.

#include <limits>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include <Eigen/Core>

#include "geometry/identifier.h"
#include "geometry/proximity_properties.h"
#include "geometry/rigid_transform.h"
#include "geometry/shape.h"
#include "proximity/distance/contact_patch.h"
#include "proximity/representation/hydroelastic_representation.h"
#include "query_results/contact_kinematics.h"
#include "query_results/contact_patch.h"
#include "query_results/contact_surface.h"
#include "query_results/penetration_as_point_pair.h"
#include "query_results/ray_hit.h"
#include "query_results/signed_distance_pair.h"
#include "query_results/signed_distance_to_point.h"

namespace hydrocontact {

class SceneGraph;

/// A read-only view of a SceneGraph at its current frame poses. Cheap to copy
/// (it refers to the SceneGraph, which must outlive it and must not be
/// mutated while a query runs). Every query works from the precomputed
/// per-geometry data and the current poses only.
///
/// Pairs are considered only when neither is filtered (SceneGraph's
/// collision filters) and their bounding boxes in W overlap (the broad
/// phase). Results are ordered by (id_A, id_B) (or (id_M, id_N)), with the
/// smaller id first, and are identical run to run and for any thread count.
///
/// Reused results: every query that returns a vector (contact surfaces,
/// penetrations, distances, patches, kinematics, ray hits) also has a form
/// that writes into a caller-owned vector (the last parameter). The vector is
/// overwritten (its size becomes the number of results) and its storage is
/// reused, and for contact surfaces so is each surface's, so a plant that
/// keeps its result vectors from step to step, and whose contacts do not
/// grow, makes no heap allocation in a step: posing, broad phase, narrow
/// phase and results all reuse what the SceneGraph keeps between queries
/// (posed geometries, broad-phase state, per-pair slots, thread pool). On a
/// throw the output is left unchanged. The value-returning forms call these.
///
/// The work the queries keep is the SceneGraph's; a query that finds it in
/// use by another thread (two queries of one SceneGraph at once) works with
/// its own, allocating, for that call.
class QueryObject {
 public:
  explicit QueryObject(const SceneGraph& scene_graph) : scene_graph_(&scene_graph) {}

  /// The pair queries (contact surfaces, penetration, pairwise distance)
  /// process independent candidate pairs on up to this many threads (default
  /// 1: a plant that runs its own threads keeps control); a query with fewer
  /// than two pairs per thread gives the threads to its largest pair
  /// instead, whose candidate elements (a rigid–compliant pair with a large
  /// candidate set) are split into pieces merged in a fixed order. Results
  /// are the same, in the same order, whatever the count. The threads are the
  /// SceneGraph's pool, started here (once: later calls start only what is
  /// missing) and woken by a query only when its previous call did enough
  /// work to gain from them.
  /// @throws std::invalid_argument if max_threads is not in [1, kMaxThreads].
  void set_max_threads(int max_threads);
  int max_threads() const { return max_threads_; }

  /// @name Geometry data
  /// Each throws std::invalid_argument for an invalid or unknown id.
  /// @{
  /// The pose X_WG of a geometry in W at the current frame poses.
  RigidTransform X_WG(GeometryId id) const;
  const Shape& shape(GeometryId id) const;
  const ProximityProperties& properties(GeometryId id) const;
  /// The hydroelastic representation in G (std::monostate when none).
  const HydroelasticRepresentation& representation(GeometryId id) const;
  const std::string& name(GeometryId id) const;
  /// @}

  /// The unfiltered pairs (id_A < id_B) whose bounding boxes in W overlap,
  /// sorted. Boxes bound each shape and its representation, margins included.
  std::vector<std::pair<GeometryId, GeometryId>> FindCollisionCandidates() const;
  /// FindCollisionCandidates into a reused vector.
  /// @throws std::invalid_argument if `candidates` is null.
  void FindCollisionCandidates(std::vector<std::pair<GeometryId, GeometryId>>* candidates) const;

  /// True as soon as one unfiltered pair penetrates (or touches). Stops at the
  /// first such pair.
  bool HasCollisions() const;

  /// The contact surface of every unfiltered candidate pair that is
  /// hydroelastically compatible (at least one compliant, both with a
  /// representation) and actually in contact, sorted by (id_M, id_N).
  /// @throws std::invalid_argument naming both geometries when a candidate
  ///         pair cannot produce a surface (rigid–rigid, a geometry without
  ///         a hydroelastic representation, two half-spaces).
  std::vector<ContactSurface> ComputeContactSurfaces(
      HydroelasticContactRepresentation representation) const;
  /// ComputeContactSurfaces into reused surfaces.
  /// @throws as above; std::invalid_argument if `surfaces` is null.
  void ComputeContactSurfaces(HydroelasticContactRepresentation representation,
                              std::vector<ContactSurface>* surfaces) const;

  /// Like ComputeContactSurfaces, but a candidate pair that cannot produce a
  /// contact surface is answered with a point-pair penetration (if it
  /// penetrates) instead of throwing. Both outputs are overwritten (their
  /// storage reused, see the class doc) and sorted.
  /// @throws std::invalid_argument if an output pointer is null, or for a
  ///         pair neither query can answer (two half-spaces).
  void ComputeContactSurfacesWithFallback(HydroelasticContactRepresentation representation,
                                          std::vector<ContactSurface>* surfaces,
                                          std::vector<PenetrationAsPointPair>* point_pairs) const;

  /// Every unfiltered pair that penetrates: deepest points, normal, depth.
  /// Half-space pairs (two half-spaces) are skipped: their penetration is
  /// unbounded.
  std::vector<PenetrationAsPointPair> ComputePointPairPenetration() const;
  /// ComputePointPairPenetration into a reused vector.
  /// @throws std::invalid_argument if `point_pairs` is null.
  void ComputePointPairPenetration(std::vector<PenetrationAsPointPair>* point_pairs) const;

  /// Every unfiltered pair whose signed distance is at most `max_distance`
  /// (negative when overlapping), with closest points and normal. Pairs of
  /// two half-spaces are skipped, as in ComputePointPairPenetration: their
  /// distance is unbounded or has no closest points (the single-pair query
  /// refuses them).
  /// @throws std::invalid_argument if max_distance is NaN.
  std::vector<SignedDistancePair> ComputeSignedDistancePairwiseClosestPoints(
      double max_distance = std::numeric_limits<double>::infinity()) const;
  /// ComputeSignedDistancePairwiseClosestPoints into a reused vector.
  /// @throws as above; std::invalid_argument if `pairs` is null.
  void ComputeSignedDistancePairwiseClosestPoints(double max_distance,
                                                  std::vector<SignedDistancePair>* pairs) const;

  /// The signed distance of one pair, whatever the distance and whatever the
  /// filters. The result has id_A < id_B whatever the argument order. It
  /// is a plain value: this query allocates nothing.
  /// @throws std::invalid_argument for unknown ids, a == b, or two
  ///         half-spaces.
  SignedDistancePair ComputeSignedDistancePairClosestPoints(GeometryId id_A, GeometryId id_B) const;

  /// For every geometry within `threshold` of the point p_WQ (a signed
  /// distance ≤ threshold), the nearest point, signed distance and gradient;
  /// sorted by id.
  /// @throws std::invalid_argument if p_WQ is not finite or lies outside the
  ///         supported coordinates (|x| ≤ kMaxCoordinate, whatever the
  ///         threshold), or threshold is NaN.
  std::vector<SignedDistanceToPoint> ComputeSignedDistanceToPoint(
      const Eigen::Vector3d& p_WQ,
      double threshold = std::numeric_limits<double>::infinity()) const;
  /// ComputeSignedDistanceToPoint into a reused vector.
  /// @throws as above; std::invalid_argument if `distances` is null.
  void ComputeSignedDistanceToPoint(const Eigen::Vector3d& p_WQ, double threshold,
                                    std::vector<SignedDistanceToPoint>* distances) const;

  /// @name Contact patches and kinematics (issue 12)
  /// @{

  /// The contact patch (seed 003) of every unfiltered candidate pair whose
  /// signed distance is ≤ 0 (touching or penetrating), sorted by (id_A, id_B);
  /// pairs of two half-spaces are skipped. See ComputeContactPatch for the
  /// polygon; shapes are taken as convex (a Mesh as its vertices' hull).
  /// @throws std::invalid_argument for out-of-range settings.
  std::vector<ContactPatch> ComputeContactPatches(const ContactPatchSettings& settings = {}) const;
  /// ComputeContactPatches into a reused vector (each patch's storage kept).
  /// @throws as above; std::invalid_argument if `patches` is null.
  void ComputeContactPatches(const ContactPatchSettings& settings, std::vector<ContactPatch>* patches) const;

  /// Like the overload above, but a pair that cannot produce a contact
  /// surface (rigid–rigid, or without a hydroelastic representation) is
  /// answered with its contact patch (if touching or penetrating), which keeps
  /// a resting rigid box stable where one point pair would not. Outputs are
  /// cleared first; both sorted.
  /// @throws std::invalid_argument if an output pointer is null, or for two
  ///         half-spaces.
  void ComputeContactSurfacesWithFallback(HydroelasticContactRepresentation representation,
                                          std::vector<ContactSurface>* surfaces,
                                          std::vector<ContactPatch>* patches,
                                          const ContactPatchSettings& settings = {}) const;

  /// The kinematics (seed 004: frame, perr, verr, aerr, slip) of one contact
  /// described by a signed-distance result of this scene at the current
  /// poses, given the spatial velocities V_WA, V_WB and accelerations A_WA,
  /// A_WB of the geometries' frames (A = pair.id_A), in W. See
  /// CalcContactKinematics for the conventions and exactness.
  /// @throws std::invalid_argument for unknown ids, a pair naming one
  ///         geometry as both A and B, sign ∉ {1, −1}, non-finite motion,
  ///         or a pair whose values are not finite or whose normal is not a
  ///         unit vector (naming the field).
  ContactKinematics CalcContactKinematics(const SignedDistancePair& pair, const SpatialVelocity& V_WA,
                                          const SpatialVelocity& V_WB, const SpatialAcceleration& A_WA = {},
                                          const SpatialAcceleration& A_WB = {}, int sign = 1) const;
  /// The same for a point-pair penetration result.
  ContactKinematics CalcContactKinematics(const PenetrationAsPointPair& pair, const SpatialVelocity& V_WA,
                                          const SpatialVelocity& V_WB, const SpatialAcceleration& A_WA = {},
                                          const SpatialAcceleration& A_WB = {}, int sign = 1) const;

  /// The kinematics of every pair ComputeSignedDistancePairwiseClosestPoints
  /// (max_distance) reports, in its order. A geometry absent from
  /// `velocities` (or `accelerations`) is at rest (zero).
  /// @throws std::invalid_argument for a map key that is not a geometry of
  ///         the scene, and as the overloads above.
  std::vector<ContactKinematics> ComputeContactKinematics(
      const std::map<GeometryId, SpatialVelocity>& velocities,
      const std::map<GeometryId, SpatialAcceleration>& accelerations = {}, double max_distance = 0,
      int sign = 1) const;
  /// ComputeContactKinematics into a reused vector (the signed distances it
  /// works from are kept in this thread's reused scratch).
  /// @throws as above; std::invalid_argument if `kinematics` is null.
  void ComputeContactKinematics(const std::map<GeometryId, SpatialVelocity>& velocities,
                                const std::map<GeometryId, SpatialAcceleration>& accelerations,
                                double max_distance, int sign, std::vector<ContactKinematics>* kinematics) const;
  /// @}

  // --- Rays and per-geometry point queries (issue 13) ---

  /// The first geometry the ray from p_WO along dir_W (in W; need not be
  /// unit) meets within `max_distance`, skipping the geometries in
  /// `excluded` (e.g. a range sensor's own body), or nullopt. A geometry
  /// containing O is hit where the ray leaves it. Curved primitives are
  /// intersected exactly (proximity/distance/ray_intersection.h). Ties in
  /// distance go to the smaller id.
  /// @throws std::invalid_argument if p_WO is not finite or outside the
  ///         supported coordinates (|x| ≤ kMaxCoordinate), dir_W is not
  ///         finite or is zero, or max_distance is negative or NaN.
  std::optional<RayCastHit> CastRay(const Eigen::Vector3d& p_WO, const Eigen::Vector3d& dir_W,
                                    double max_distance = std::numeric_limits<double>::infinity(),
                                    const std::vector<GeometryId>& excluded = {}) const;

  /// CastRay for many rays at once (a range sensor's scan): ray i goes from
  /// p_WO[i] along dir_W[i]. The geometries are posed once for all rays.
  /// @throws std::invalid_argument if the lists differ in length, or as
  ///         CastRay naming the ray's index.
  std::vector<std::optional<RayCastHit>> CastRays(
      const std::vector<Eigen::Vector3d>& p_WO, const std::vector<Eigen::Vector3d>& dir_W,
      double max_distance = std::numeric_limits<double>::infinity(),
      const std::vector<GeometryId>& excluded = {}) const;
  /// CastRays into a reused vector (its size becomes the number of rays).
  /// @throws as above; std::invalid_argument if `hits` is null.
  void CastRays(const std::vector<Eigen::Vector3d>& p_WO, const std::vector<Eigen::Vector3d>& dir_W,
                double max_distance, const std::vector<GeometryId>& excluded,
                std::vector<std::optional<RayCastHit>>* hits) const;

  /// The signed distance from p_WQ to each of the geometries `ids`, in that
  /// order (whatever their distance and filters).
  /// @throws std::invalid_argument if p_WQ is not finite or an id is
  ///         unknown (naming it).
  std::vector<SignedDistanceToPoint> ComputeSignedDistanceGeometryToPoint(
      const Eigen::Vector3d& p_WQ, const std::vector<GeometryId>& ids) const;
  /// ComputeSignedDistanceGeometryToPoint into a reused vector.
  /// @throws as above; std::invalid_argument if `distances` is null.
  void ComputeSignedDistanceGeometryToPoint(const Eigen::Vector3d& p_WQ, const std::vector<GeometryId>& ids,
                                            std::vector<SignedDistanceToPoint>* distances) const;

 private:
  const SceneGraph* scene_graph_;
  int max_threads_{1};
};

}  // namespace hydrocontact
