/// The built-in demo app (`restoretrace record` with no scenario), embedded in the binary so the
/// tool works before a user has written anything. `Traces/demo-travel.yaml` is the same text (a test
/// keeps the two equal).
public enum DemoScenario {
    public static let yaml = #"""
        format: restoretrace-scenario/1
        name: demo-travel
        description: >-
          Wayfarer, a travel app. Three tabs built from Main.storyboard; the Explore tab's navigation
          controller has no restoration identifier, so everything under it is lost; a trip detail is
          brought back by its restoration class; the photo viewer's restoration class returns nil when
          the photo is gone; the trips table keeps its selection through UIDataSourceModelAssociation
          although the trips were re-sorted while the app was dead.
        app:
          bundleVersion: "3.2"
          systemVersion: "17.4"
          idiom: phone
          delegate:
            shouldSaveApplicationState: true
            shouldRestoreApplicationState:
              ifEqual: {UIApplicationStateRestorationBundleVersionKey: "3.2"}
            willEncodeRestorableState: {lastSyncToken: "sync-8841"}
            makeKeyAndVisible: willFinishLaunching
        launchUI:
          class: MainTabBarController
          inherits: UITabBarController
          restorationIdentifier: Tabs
          selectedIndex: 0
          children:
            - class: UINavigationController
              restorationIdentifier: tripsNav
              children:
                - class: TripsViewController
                  restorationIdentifier: trips
                  views:
                    - class: UITableView
                      restorationIdentifier: tripsTable
                      rows: [lisbon, kyoto, oaxaca, tromso]
                      modelAssociation: true
            - class: UINavigationController
              children:
                - class: ExploreViewController
                  restorationIdentifier: explore
            - class: UINavigationController
              restorationIdentifier: profileNav
              children:
                - class: ProfileViewController
                  restorationIdentifier: profile
        storyboards:
          Main:
            TripDetail:
              class: TripDetailViewController
              restorationIdentifier: tripDetail
              restorationClass: TripDetailViewController
              storyboard: {name: Main, identifier: TripDetail}
        classes:
          TripDetailViewController:
            answer: storyboard
          PhotoViewerController:
            answer: nil
        ui:
          class: MainTabBarController
          inherits: UITabBarController
          restorationIdentifier: Tabs
          selectedIndex: 0
          children:
            - class: UINavigationController
              restorationIdentifier: tripsNav
              children:
                - class: TripsViewController
                  restorationIdentifier: trips
                  state: {filter: upcoming}
                  views:
                    - class: UITableView
                      restorationIdentifier: tripsTable
                      rows: [lisbon, kyoto, oaxaca, tromso]
                      selected: [kyoto]
                      firstVisible: lisbon
                      contentOffset: [0, 120]
                      modelAssociation: true
                - class: TripDetailViewController
                  restorationIdentifier: tripDetail
                  restorationClass: TripDetailViewController
                  storyboard: {name: Main, identifier: TripDetail}
                  state: {tripID: kyoto, section: itinerary}
                  presented:
                    class: PhotoViewerController
                    restorationIdentifier: photoViewer
                    restorationClass: PhotoViewerController
                    state: {photoID: "IMG_2231"}
            - class: UINavigationController
              children:
                - class: ExploreViewController
                  restorationIdentifier: explore
                  state: {query: "ramen"}
                - class: CityViewController
                  restorationIdentifier: city
                  state: {cityName: Osaka}
            - class: UINavigationController
              restorationIdentifier: profileNav
              children:
                - class: ProfileViewController
                  restorationIdentifier: profile
                  views:
                    - class: UITextField
                      restorationIdentifier: displayName
                      selectedRange: [0, 4]
        timeline:
          - background
          - kill: system
          - launch:
              data: {"Tabs/tripsNav/trips/tripsTable": [tromso, lisbon, kyoto, oaxaca]}
        """#
}
